"""Variant names as players write them: nJudge's names, or this judge's scenarios.

nJudge names its Machiavelli variants after its data files (``machiavelli``,
``mach2_sfd1``, ``dipmach`` ...; help file ``index``, ``SET VARIANT``); this judge's
scenarios carry their own names (``classic_1454``, ``struggle_1499``; ``machiavelli
scenarios``).  :func:`scenario_named` accepts both, so that ``CREATE ?game password
machiavelli`` and ``CREATE ?game password classic_1454`` make the same game.  Each
scenario file names the nJudge files it was made from (its ``SOURCE`` comment).
"""

from __future__ import annotations

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused

#: nJudge's variant -> this judge's scenario (after each scenario's SOURCE note).
NJUDGE_VARIANTS: dict[str, str] = {
    "standard": "standard_1901",
    "machiavelli": "classic_1454",
    "mach": "classic_1454",
    "machiavelli2": "mach2_1454",
    "mach2": "mach2_1454",
    "dipmach": "dipmach_1901",
    "mach_aoc": "communes_1335",
    "mach_aoc2": "communes_1335_v2",
    "mach_eos": "expansion_1385",
    "mach_este": "expansion_1385_este",
    "mach_sfd1": "struggle_1499",
    "mach_sfd2": "struggle_1513_njudge",
    "mach_span": "spanish_1521_njudge",
    "machfive": "machfive_3001",
    "mach2_fotl": "mach2_0725",
    "mach2_eai": "mach2_1051",
    "mach2_pa": "mach2_1177",
    "mach2_pamt": "mach2_1177",
    "mach2_ttr": "mach2_1253",
    "mach2_sfd1": "mach2_1499",
    "mach2_sfd2": "mach2_1513",
    "mach2_span": "mach2_1521",
}


def scenario_names() -> list[str]:
    return Judge.scenario_names()


def scenario_named(word: str) -> str | Refused:
    """The scenario ``word`` names (an nJudge variant or a scenario, any case; a
    scenario may carry its option, ``classic_1454:2``)."""
    low = word.strip().lower()
    base, _, option = low.partition(":")
    found = NJUDGE_VARIANTS.get(base, base)
    if found not in scenario_names() or (option and not (option.isascii() and option.isdigit())):
        known = ", ".join(sorted(NJUDGE_VARIANTS))
        return Refused(f"Unknown variant '{word}'. The variants are nJudge's ({known}) and "
                       f"this judge's scenarios ({', '.join(scenario_names())}).")
    return f"{found}:{option}" if option else found


def variant_name(scenario: str) -> str:
    """The nJudge name of a scenario where it has one (for the reply's header)."""
    base = scenario.partition(":")[0]
    for njudge, ours in NJUDGE_VARIANTS.items():
        if ours == base and njudge not in ("mach", "mach2", "mach2_pamt"):
            return njudge.capitalize()
    return scenario
