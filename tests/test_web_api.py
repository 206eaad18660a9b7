"""The JSON API (/api/v1) as a program uses it, the OpenAPI document, and the sweeper
running inside the server."""

from __future__ import annotations

import time
from datetime import timedelta

from fastapi.testclient import TestClient
from web_game import add_user, started_game, web_site

from machiavelli.service.visibility import Viewer
from machiavelli.text.notation import parse_orders
from machiavelli.web.app import create_app
from machiavelli.web.robot import Robot
from machiavelli.web.seen import look
from machiavelli.web.site import WebConfig

FAST = {k: {"next": 0.0, "grace": 0.0, "delay": 0.0, "min": 0.0, "clock": -1, "days": "SMTWTFS"}
        for k in ("movement", "retreat", "adjustment")}


def test_a_phase_played_through_the_api(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "api-game", {"vera": "Venice", "milo": "Milan"})
    vera, milo, boss = site.api("vera"), site.api("milo"), site.api("boss")
    view = site.client.get("/api/v1/games/api-game", headers=vera).json()
    assert view["viewer"] == {"role": "player", "power": "Venice", "name": "vera"}
    legal = site.client.get("/api/v1/games/api-game/legal", headers=vera).json()
    assert legal["power"] == "Venice" and legal["orders"]
    first = next(options[0] for unit, options in legal["orders"].items()
                 if unit.startswith("unit"))
    text = f"{first}\nA ven - the moon\n\nborrow 5 ducats for 1 year"
    checked = site.client.post("/api/v1/games/api-game/check", headers=vera,
                               json={"text": text}).json()
    seen = look(site.judge, "api-game", "vera")
    assert not isinstance(seen, str) and hasattr(seen, "board")
    reason = parse_orders("A ven - the moon", seen.board, seen.view.state, "Venice"
                          ).errors[0].reason
    assert [(r["line"], r["ok"], r["reason"]) for r in checked["lines"]] == [
        (1, True, None), (2, False, reason), (3, True, None), (4, True, None)]
    stored = site.client.post("/api/v1/games/api-game/orders", headers=vera,
                              json={"text": text}).json()
    assert stored["errors"] == 1 and stored["lines"][1]["reason"] == reason
    assert stored["stored"] == [first, "borrow 5 ducats for 1 year"]
    assert site.client.post("/api/v1/games/api-game/ready", headers=vera,
                            json={"ready": False}).json()["ready"] is False
    letter = site.client.post("/api/v1/games/api-game/press", headers=vera,
                              json={"to": ["Milan"], "body": "Peace on the Adige?"})
    assert letter.status_code == 201 and letter.json()["to"] == ["Milan"]
    assert [x["body"] for x in site.client.get("/api/v1/games/api-game/press",
                                               headers=milo).json()] == ["Peace on the Adige?"]
    assert site.client.get("/api/v1/games/api-game/press").json() == []
    said = site.client.post("/api/v1/games/api-game/draw", headers=milo, json={"vote": True})
    assert "Milan votes for a draw" in said.json()["said"]
    processed = site.client.post("/api/v1/games/api-game/master/process", headers=boss,
                                 json={})
    assert processed.json() == {"said": "The phase is processed."}
    phases = site.client.get("/api/v1/games/api-game/phases", headers=vera).json()
    assert [p["number"] for p in phases] == [1]
    assert phases[0]["orders"] == {"Venice": f"{first}\nborrow 5 ducats for 1 year\n"}
    assert site.client.get("/api/v1/games/api-game/phases/1", headers=milo
                           ).json()["orders"] == {}
    assert site.client.get("/api/v1/games/api-game/phases/7").status_code == 404
    pending = site.client.get("/api/v1/games/api-game/map.svg", headers=vera)
    assert pending.headers["content-type"].startswith("image/svg+xml")
    assert 'data-viewer="Venice"' in pending.text
    public = site.client.get("/api/v1/games/api-game/phases/1/map.svg")
    assert 'data-viewer="public"' in public.text and "<svg" in public.text
    assert site.client.get("/api/v1/games/api-game/phases/2/map.svg").status_code == 404
    assert site.client.post("/api/v1/games/api-game/master/process", headers=vera,
                            json={}).status_code == 403
    gone = site.client.post("/api/v1/games/api-game/resign", headers=milo)
    assert gone.json() == {"name": "milo", "left": "resigned"}
    add_user(site, "newcomer")
    took = site.client.post("/api/v1/games/api-game/takeover", headers=site.api("newcomer"),
                            json={"power": "Milan"})
    assert took.json() == {"name": "newcomer", "power": "Milan"}
    site.judge.close()


def test_refusals_and_privacy_of_the_lobby(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/lobby.db")
    started_game(site, "open-game", {"ann": "Venice"})
    started_game(site, "hidden", {"ann": "Milan"}, private=True)
    add_user(site, "outsider")
    names = [g["name"] for g in site.client.get("/api/v1/games",
                                                 headers=site.api("outsider")).json()]
    assert names == ["open-game"]
    unlisted = site.client.get("/api/v1/games/hidden", headers=site.api("outsider"))
    assert unlisted.status_code == 200 and unlisted.json()["private"] == {}  # by its address
    assert site.client.get("/api/v1/games/hidden", headers=site.api("ann")).status_code == 200
    mine = [g["name"] for g in site.client.get("/api/v1/games", headers=site.api("ann")
                                                ).json()]
    assert mine == ["hidden", "open-game"]
    bad = site.client.post("/api/v1/games", headers=site.api("ann"),
                           json={"name": "x", "scenario": "no_such_scenario"})
    assert bad.status_code == 400
    bad = site.client.post("/api/v1/games", headers=site.api("ann"),
                           json={"name": "y", "scenario": "classic_1454",
                                 "deadlines": {"movement": {"days": "nope"}}})
    assert bad.status_code == 400 and "days" in bad.json()["detail"]
    invited = site.client.post("/api/v1/games", headers=site.api("ann"),
                               json={"name": "club", "scenario": "classic_1454",
                                     "invite_only": True})
    assert invited.status_code == 201
    refused = site.client.post("/api/v1/games/club/join", headers=site.api("outsider"),
                               json={"powers": ["Venice"]})
    assert refused.status_code == 400 and "invitation" in refused.json()["detail"]
    seated = site.client.post("/api/v1/games/club/master/seat", headers=site.api("ann"),
                              json={"user": "outsider", "want": ["Venice"]})
    assert seated.status_code == 200, seated.text
    assert site.client.post("/api/v1/judge", json={"text": "list"}).status_code == 401
    said = site.client.post("/api/v1/judge", headers=site.api("ann"),
                            json={"text": "list club\nsignon iclub nopass"})
    assert said.status_code == 200, said.text
    reply = said.json()["reply"]
    assert reply.startswith(":: Judge: MACH") and "> list club" in reply
    assert "Game 'club'" in reply and "Refused: Game 'club' has not started" in reply
    site.judge.close()


def test_the_openapi_document_describes_the_api(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/doc.db")
    document = site.client.get("/openapi.json").json()
    paths = set(document["paths"])
    for path in ("/api/v1/games", "/api/v1/games/{name}", "/api/v1/games/{name}/join",
                 "/api/v1/games/{name}/phases", "/api/v1/games/{name}/phases/{number}",
                 "/api/v1/games/{name}/phases/{number}/map.svg", "/api/v1/games/{name}/map.svg",
                 "/api/v1/games/{name}/legal", "/api/v1/games/{name}/orders",
                 "/api/v1/games/{name}/ready", "/api/v1/games/{name}/press",
                 "/api/v1/games/{name}/draw", "/api/v1/games/{name}/master/{action}",
                 "/api/v1/judge"):
        assert path in paths, path
    assert not any(p.startswith("/games") for p in paths)  # the pages are not API
    site.judge.close()


def test_the_sweeper_runs_inside_the_server(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/sweep.db"
    site = web_site(url)
    started_game(site, "quick", {"ann": "Venice"}, deadlines={**FAST, "nmr": True})
    app = create_app(WebConfig(url, sweep_seconds=0.2), site.judge)
    with TestClient(app):  # the lifespan starts the sweeper
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            view = site.judge.view("quick", Viewer.master())
            if not isinstance(view, str) and getattr(view, "phase", 0) >= 1:
                break
            time.sleep(0.1)
    view = site.judge.view("quick", Viewer.master())
    assert not isinstance(view, str) and view.phase >= 1
    site.judge.close()


def test_a_bot_is_an_api_client(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/bot.db")
    started_game(site, "botted", {"robo": "Papacy"})
    robot = Robot("http://127.0.0.1", site.keys["robo"], "botted", seed=3)
    site.client.headers["Authorization"] = f"Bearer {site.keys['robo']}"
    assert robot.play_once(site.client) is True  # type: ignore[arg-type]
    assert robot.play_once(site.client) is False  # once a phase
    view = site.judge.view("botted", Viewer.master())
    assert not isinstance(view, str) and hasattr(view, "orders")
    assert view.orders["Papacy"].lines and not view.orders["Papacy"].messages
    site.judge.close()


def test_the_server_works_on_a_few_requests_at_once(tmp_path: object) -> None:
    """The endpoints' threads are limited (``threads``): the other requests wait in line."""
    from anyio import to_thread

    url = f"sqlite:///{tmp_path}/threads.db"
    site = web_site(url)
    app = create_app(WebConfig(url, sweep_seconds=0, bot_seconds=0, threads=3), site.judge)
    with TestClient(app) as client:
        limit = client.portal.call(lambda: to_thread.current_default_thread_limiter())
        assert limit.total_tokens == 3
        assert client.get("/api/v1/games").status_code == 200
    site.judge.close()


def _stored(site: object, game: str, power: str) -> list[str]:
    view = site.judge.view(game, Viewer.master())  # type: ignore[attr-defined]
    assert not isinstance(view, str) and hasattr(view, "orders")
    sheet = view.orders.get(power)
    return list(sheet.lines) if sheet is not None else []


def _two_orders(site: object, game: str, user: str) -> list[str]:
    legal = site.client.get(f"/api/v1/games/{game}/legal",  # type: ignore[attr-defined]
                            headers=site.api(user)).json()["orders"]  # type: ignore[attr-defined]
    units = [opts for unit, opts in sorted(legal.items()) if unit.startswith("unit")]
    return [units[0][0], units[1][0]]


def test_a_power_field_naming_another_power_is_403_and_changes_nothing(tmp_path: object
                                                                       ) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "powers", {"vera": "Venice", "milo": "Milan"})
    vera, boss = site.api("vera"), site.api("boss")
    first, second = _two_orders(site, "powers", "vera")
    assert site.client.post("/api/v1/games/powers/orders", headers=vera,
                            json={"text": f"{first}\n{second}"}).status_code == 200
    assert site.client.post("/api/v1/games/powers/ready", headers=vera,
                            json={"ready": True}).status_code == 200
    calls = [("orders", {"text": "", "power": "Milan"}),
             ("check", {"text": first, "power": "Milan"}),
             ("ready", {"ready": False, "power": "Milan"}),
             ("press", {"to": ["Naples"], "body": "from Milan?", "power": "Milan"}),
             ("draw", {"vote": True, "power": "Milan"}),
             ("orders", {"text": "", "power": "Nowhere"})]
    for path, body in calls:
        answer = site.client.post(f"/api/v1/games/powers/{path}", headers=vera, json=body)
        assert answer.status_code == 403, (path, answer.text)
        assert "Milan" in answer.json()["detail"] or "Nowhere" in answer.json()["detail"]
    view = site.judge.view("powers", Viewer.master())
    assert not isinstance(view, str)
    assert _stored(site, "powers", "Venice") == [first, second]
    assert view.orders["Venice"].ready and "Milan" not in view.orders
    assert site.client.get("/api/v1/games/powers/press", headers=site.api("milo")).json() == []
    # the player's own power, by name or letter, is the player's own
    assert site.client.post("/api/v1/games/powers/ready", headers=vera,
                            json={"ready": True, "power": "venice"}).status_code == 200
    # a master names any power
    assert site.client.post("/api/v1/games/powers/ready", headers=boss,
                            json={"ready": False, "power": "Milan"}).json()["power"] == "Milan"


def test_a_submission_whose_every_line_is_refused_changes_nothing(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "wipe", {"vera": "Venice"})
    vera = site.api("vera")
    first, second = _two_orders(site, "wipe", "vera")
    site.client.post("/api/v1/games/wipe/orders", headers=vera,
                     json={"text": f"{first}\n{second}"})
    site.client.post("/api/v1/games/wipe/ready", headers=vera, json={"ready": True})
    refused = site.client.post("/api/v1/games/wipe/orders", headers=vera,
                               json={"text": "A ven - the moon\nF xyz H"})
    assert refused.status_code == 400
    assert "every line was refused" in refused.json()["detail"]
    assert "line 1 (A ven - the moon)" in refused.json()["detail"]
    assert _stored(site, "wipe", "Venice") == [first, second]
    # an empty text is no refused line: it clears the orders, as asked
    cleared = site.client.post("/api/v1/games/wipe/orders", headers=vera, json={"text": ""})
    assert cleared.status_code == 200 and cleared.json()["stored"] == []


def test_replace_and_append_are_explicit_modes(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "modes", {"vera": "Venice"})
    vera = site.api("vera")
    first, second = _two_orders(site, "modes", "vera")

    def post(body: dict[str, object]) -> list[str]:
        answer = site.client.post("/api/v1/games/modes/orders", headers=vera, json=body)
        assert answer.status_code == 200, answer.text
        return list(answer.json()["stored"])

    assert post({"text": first}) == [first]  # the default: replace
    assert post({"text": second, "mode": "append"}) == [first, second]
    assert post({"text": second, "mode": "replace"}) == [second]
    assert post({"text": first, "replace": False}) == [second, first]  # the old spelling
    clash = site.client.post("/api/v1/games/modes/orders", headers=vera,
                             json={"text": first, "mode": "append", "replace": True})
    assert clash.status_code == 422
    wrong = site.client.post("/api/v1/games/modes/orders", headers=vera,
                             json={"text": first, "mode": "merge"})
    assert wrong.status_code == 422
    schema = site.client.get("/openapi.json").json()["components"]["schemas"]["Orders"]
    assert schema["properties"]["mode"]["enum"] == ["replace", "append"]
    assert schema["properties"]["mode"]["default"] == "replace"


def test_the_same_idempotency_key_twice_stores_once(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "again", {"vera": "Venice", "milo": "Milan"})
    vera, milo = site.api("vera"), site.api("milo")
    letter = {"to": ["Milan"], "body": "Once only"}
    first = site.client.post("/api/v1/games/again/press", json=letter,
                             headers={**vera, "Idempotency-Key": "letter-1"})
    second = site.client.post("/api/v1/games/again/press", json=letter,
                              headers={**vera, "Idempotency-Key": "letter-1"})
    assert first.status_code == second.status_code == 201
    assert second.json() == first.json()
    assert second.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    assert [x["body"] for x in site.client.get("/api/v1/games/again/press",
                                               headers=milo).json()] == ["Once only"]
    # another request under the same key is refused; another user's same key is theirs
    other = site.client.post("/api/v1/games/again/press",
                             json={"to": ["Milan"], "body": "Something else"},
                             headers={**vera, "Idempotency-Key": "letter-1"})
    assert other.status_code == 422 and "another request" in other.json()["detail"]
    milo_letter = site.client.post("/api/v1/games/again/press",
                                   json={"to": ["Venice"], "body": "Mine"},
                                   headers={**milo, "Idempotency-Key": "letter-1"})
    assert milo_letter.status_code == 201
    # without a key, the same write is done each time, as before
    for _ in range(2):
        site.client.post("/api/v1/games/again/press", json=letter, headers=vera)
    assert len(site.client.get("/api/v1/games/again/press", headers=milo).json()) == 4
    # orders: the replay answers what the first stored, even after a later change
    first, second_order = _two_orders(site, "again", "vera")
    keyed = {**vera, "Idempotency-Key": "orders-1"}
    body = {"text": first, "mode": "append"}
    stored = site.client.post("/api/v1/games/again/orders", json=body, headers=keyed)
    site.client.post("/api/v1/games/again/orders", json={"text": second_order}, headers=vera)
    replayed = site.client.post("/api/v1/games/again/orders", json=body, headers=keyed)
    assert replayed.json() == stored.json() and replayed.json()["stored"] == [first]
    assert _stored(site, "again", "Venice") == [second_order]  # not stored a second time


def test_a_refused_write_keeps_no_idempotency_key_and_keys_expire(tmp_path: object) -> None:
    from machiavelli.web import idempotency
    from machiavelli.web.tables import IdempotentWrite

    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "keys", {"vera": "Venice"})
    vera = {**site.api("vera"), "Idempotency-Key": "k"}
    refused = site.client.post("/api/v1/games/keys/orders", json={"text": "A ven - the moon"},
                               headers=vera)
    assert refused.status_code == 400
    first, _ = _two_orders(site, "keys", "vera")
    # the refusal did nothing, so the key is free for the corrected write
    done = site.client.post("/api/v1/games/keys/orders", json={"text": first}, headers=vera)
    assert done.status_code == 200 and done.json()["stored"] == [first]
    bad = site.client.post("/api/v1/games/keys/orders", json={"text": first},
                           headers={**vera, "Idempotency-Key": "x" * 256})
    assert bad.status_code == 400
    # a day later the key is forgotten (the next keyed write deletes the expired rows)
    with site.judge.db.writing() as session:
        for row in session.query(IdempotentWrite):
            row.expires_at = row.created_at - timedelta(seconds=1)
    assert timedelta(hours=24) == idempotency.LIFETIME
    again = site.client.post("/api/v1/games/keys/orders", json={"text": first, "mode": "append"},
                             headers={**vera, "Idempotency-Key": "other"})
    assert again.status_code == 200
    with site.judge.db.reading() as session:
        assert [r.key for r in session.query(IdempotentWrite)] == ["other"]


def test_a_key_whose_first_write_still_runs_is_409(tmp_path: object) -> None:
    from machiavelli.web.sessions import user_named
    from machiavelli.web.site import clock
    from machiavelli.web.tables import claim_key

    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "busy", {"vera": "Venice"})
    user = user_named(site.judge.db, "vera")
    assert user is not None
    body = {"ready": True}
    # the first write under the key has claimed it and not answered yet
    first = site.client.post("/api/v1/games/busy/ready", json=body,
                             headers={**site.api("vera"), "Idempotency-Key": "probe"})
    assert first.status_code == 200
    with site.judge.db.writing() as session:
        from machiavelli.web.tables import IdempotentWrite
        row = session.query(IdempotentWrite).one()
        running_hash = row.request_hash
        session.delete(row)
    assert claim_key(site.judge.db, user.id, "slow", running_hash, clock(),
                     timedelta(hours=1)) is None
    second = site.client.post("/api/v1/games/busy/ready", json=body,
                              headers={**site.api("vera"), "Idempotency-Key": "slow"})
    assert second.status_code == 409 and "running" in second.json()["detail"]


def test_the_answers_are_typed_models_in_the_openapi_document(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    document = site.client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]

    def answer(path: str, method: str = "post") -> str:
        operation = document["paths"][f"/api/v1{path}"][method]
        ok = operation["responses"].get("200") or operation["responses"]["201"]
        ref: str = ok["content"]["application/json"]["schema"]["$ref"]
        return ref.rsplit("/", 1)[-1]

    assert answer("/games/{name}/orders") == "StoredOrders"
    assert set(schemas["StoredOrders"]["properties"]) == {
        "power", "phase", "label", "stored", "lines", "errors"}
    assert answer("/games/{name}/check") == "Checked"
    assert answer("/games/{name}/ready") == "ReadyState"
    assert answer("/games/{name}/press") == "LetterSent"
    assert answer("/games/{name}/draw") == answer("/games/{name}/master/{action}") == "Said"
    assert answer("/games/{name}/legal", "get") == "Legal"
    assert answer("/me", "get") == "Name"
    headers = [p["name"] for p in document["paths"]["/api/v1/games/{name}/orders"]["post"]
               ["parameters"] if p["in"] == "header"]
    assert headers == ["Idempotency-Key"]


def test_the_apis_rollback_counts_phases_as_the_pages_and_the_mails_rollback_n(
        tmp_path: object) -> None:
    """``phase: n`` plays the n-th phase of the game again (the phase the pages number n,
    the mail's ``ROLLBACK n``: the position it was played from); 0 and 1 go back to the
    start; without a phase, the last processed phase is played again."""
    site = web_site(f"sqlite:///{tmp_path}/rollback.db")
    started_game(site, "rolls", {"vera": "Venice"})
    boss = site.api("boss")
    for _ in range(3):
        site.judge.process("rolls")
    view = site.judge.view("rolls", Viewer.master(), history=True)
    assert not isinstance(view, str) and view.phase == 3
    second = view.history[0].label  # the label of the position phase 2 was played from

    def rollback(body: dict[str, int]) -> str:
        answer = site.client.post("/api/v1/games/rolls/master/rollback", headers=boss,
                                  json=body)
        assert answer.status_code == 200, answer.text
        said: str = answer.json()["said"]
        return said

    assert rollback({"phase": 2}) == f"Rolled back to phase 2 ({second})."
    after = site.judge.view("rolls", Viewer.master())
    assert not isinstance(after, str) and after.phase == 1 and after.label == second
    assert rollback({}) == "Rolled back to phase 1 (Spring 1454 movement)."  # the last
    assert site.client.post("/api/v1/games/rolls/master/rollback", headers=boss,
                            json={"phase": 1}).status_code == 400  # at the start already
    site.judge.process("rolls")
    assert rollback({"phase": 0}) == "Rolled back to phase 1 (Spring 1454 movement)."
    start = site.judge.view("rolls", Viewer.master())
    assert not isinstance(start, str) and start.phase == 0
    site.judge.close()
