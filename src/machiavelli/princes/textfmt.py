"""An engine action written as its canonical line of the command language (spec section
4.5); :func:`machiavelli.princes.text.read_line` reads it back to the same action."""

from __future__ import annotations

from typing import Any

from .names import seat_name
from .state import Illegal, State

Action = dict[str, Any]


def format_item(item: dict[str, str]) -> str:
    kind = item.get("kind", "")
    if kind == "pope":
        return "POPE"
    return f"{kind.upper()} {item.get('id', '')}"


def format_action(a: Action, state: State) -> str:
    """The canonical line of ``a`` (keywords in capitals, names as ids, players by
    family once chosen)."""
    act = a.get("act")

    def who(key: str = "target") -> str:
        return seat_name(state, str(a.get(key)))

    simple = {"buy_traitor": "BUY TRAITOR", "pass_turn": "PASS TURN", "end_turn": "END TURN",
              "family_pass": "PASS", "pass": "PASS", "no_bribe": "NO BRIBE"}
    if act in simple:
        return simple[str(act)]
    if act == "order_bid":
        return f"ORDER BID {a['gold']}"
    if act == "family_raise":
        return f"RAISE TO {a['to']}"
    if act == "choose_family":
        return f"CHOOSE {a['family']}"
    if act == "declare_discount":
        return f"DISCOUNT {str(a['currency']).upper()}"
    if act in ("buy_troop", "discard_troop"):
        return f"{str(act).split('_')[0].upper()} TROOP {a['troop']}"
    if act == "auction":
        return f"AUCTION {format_item(a['item'])} BID {a['bid']}".replace("  ", " ")
    if act in ("war", "declare_war_card"):
        head = "WAR" if act == "war" else "DECLARE WAR"
        return f"{head} {a['attacker']} ATTACKS {a['defender']}"
    if act == "play_steal":
        cur = "GOLD" if a["card"] == "steal_gold" else "INFLUENCE"
        return f"STEAL {cur} FROM {who()}"
    if act == "lucrezia_steal":
        return f"STEAL INFLUENCE FROM {who()} WITH LUCREZIA"
    if act == "free_traitor":
        return f"TAKE FREE TRAITOR WITH {a['source']}"
    if act == "bank_exchange":
        give, _, get = str(a["direction"]).partition("_to_")
        return f"EXCHANGE {a['amount']} {give.upper()} FOR {get.upper()}"
    if act == "give":
        return f"GIVE {a['amount']} {str(a['currency']).upper()} TO {who()}"
    if act == "bid":
        return f"BID {a['amount']}" + (" WITH CARDINAL" if a.get("with_cardinal") else "")
    if act == "freeze":
        return f"FREEZE {who()}"
    if act == "place_event":
        return f"PLACE {a['event']} ON {a['city']}"
    if act == "compensation":
        return "COMPENSATION " + ("YES" if a["accept"] else "NO")
    if act == "keep_traitor":
        return f"KEEP {a['card']}"
    if act == "discard_traitor":
        return f"DISCARD TRAITOR {a['card']}"
    if act == "react":
        play = a.get("play")
        return {"none": "NO REACTION", "veto": "PLAY VETO", "lorenzo_veto": "LORENZO VETO",
                "bad_weather": f"PLAY WEATHER ON {a.get('city')}"}[str(play)]
    if act == "holy_league":
        side = a["side"]
        return "NO LEAGUE" if side == "none" else f"HOLY LEAGUE FOR {str(side).upper()}"
    if act == "bribe":
        return f"BRIBE {who()} {a['troop']}"
    if act == "reroll":
        return "REROLL" if a.get("use", True) else "NO REROLL"
    if act == "rank_tied_cities":
        return "RANK " + " ".join(a["order"])
    raise Illegal("§4.5", f"no line for the act {act!r}")
