#!/usr/bin/python3
"""Independent oracle for the outcome report's effect estimates.

Computes, with statsmodels (not with this repository's code), the Cox proportional-hazards fit
(PHReg, Breslow ties), the log-rank test (survdiff), Newcombe's hybrid score interval
(confint_proportions_2indep, method='newcomb') and the Haldane–Anscombe risk ratio (Table2x2 on the
table with 0.5 added to each cell) on fixed cohorts, and writes them to
packages/server/src/modules/outcomes/oracle-fixture.json, which the unit tests compare with to 1e-6.
The tests never run Python; run this again (apt-get install python3-statsmodels python3-scipy, the
system interpreter) only to change the cohorts:

    /usr/bin/python3 packages/server/scripts/outcome-oracle.py
"""

import json
import os
import random

import numpy as np
from statsmodels.duration.hazard_regression import PHReg
from statsmodels.duration.survfunc import survdiff
from statsmodels.stats.contingency_tables import Table2x2
from statsmodels.stats.proportion import confint_proportions_2indep

# R survival's `ovarian` data (futime, fustat, rx): coxph(Surv(futime, fustat) ~ rx) reports
# coef -0.596, exp(coef) 0.551. rx = 2 plays the managed group (covariate 1), rx = 1 the comparison.
OVARIAN = [
    (59, 1, 1), (115, 1, 1), (156, 1, 1), (421, 0, 2), (431, 1, 1), (448, 0, 1), (464, 1, 2),
    (475, 1, 2), (477, 0, 1), (563, 1, 2), (638, 1, 1), (744, 0, 2), (769, 0, 2), (770, 0, 2),
    (803, 0, 1), (855, 0, 1), (1040, 0, 1), (1106, 0, 1), (1129, 0, 2), (1206, 0, 2), (1227, 0, 2),
    (268, 1, 1), (329, 1, 1), (353, 1, 2), (365, 1, 2), (377, 0, 2),
]


def ovarian():
    return [{"managed": rx == 2, "day": t, "event": bool(s)} for (t, s, rx) in OVARIAN]


def listed(managed, comparison):
    """A cohort given as (day, event) per patient and group."""
    return [{"managed": True, "day": d, "event": e} for (d, e) in managed] + [
        {"managed": False, "day": d, "event": e} for (d, e) in comparison
    ]


# The cohorts that test/outcome-effects.test.ts builds through the API (days from enrolment).
API_INSTITUTION_A = listed(
    [(100, True), (200, False), (300, False), (200, True), (300, False), (300, False)],
    [(100, True), (200, True), (200, True), (200, False), (300, True), (300, False)],
)
API_INSTITUTION_B = listed(
    [(300, False)] * 8,
    [(90, True), (90, True), (180, True), (180, True), (270, True), (300, True), (300, False), (300, False)],
)


def tied_cohort(seed, managed_n, comparison_n, managed_hazard, comparison_hazard, schedule):
    """Follow-up measured on a visit schedule, so events and censorings fall on shared days (ties,
    across groups and with censorings on event days)."""
    rng = random.Random(seed)
    patients = []
    for managed, n, hazard in ((True, managed_n, managed_hazard), (False, comparison_n, comparison_hazard)):
        for _ in range(n):
            last_visit = rng.choice(schedule)
            day, event = last_visit, False
            for visit in schedule:
                if visit > last_visit:
                    break
                if rng.random() < hazard:
                    day, event = visit, True
                    break
            patients.append({"managed": managed, "day": day, "event": event})
    return patients


def arrays(patients):
    time = np.array([p["day"] for p in patients], dtype=float)
    status = np.array([1 if p["event"] else 0 for p in patients])
    group = np.array([1.0 if p["managed"] else 0.0 for p in patients])
    return time, status, group


def log_rank(patients):
    chi2, p = survdiff(*arrays(patients))
    return {"chiSquare": float(chi2), "p": float(p)}


def cox_and_log_rank(patients):
    time, status, group = arrays(patients)
    fit = PHReg(time, group.reshape(-1, 1), status=status, ties="breslow").fit()
    coef = float(fit.params[0])
    se = float(fit.bse[0])
    low, high = (float(v) for v in np.exp(fit.conf_int()[0]))
    return {
        "cox": {"coefficient": coef, "standardError": se, "hazardRatio": float(np.exp(coef)), "low": low, "high": high},
        "logRank": log_rank(patients),
    }


def counts(patients):
    m = [p for p in patients if p["managed"]]
    c = [p for p in patients if not p["managed"]]
    return sum(p["event"] for p in m), len(m), sum(p["event"] for p in c), len(c)


def newcombe(a, n1, c, n2):
    low, high = confint_proportions_2indep(a, n1, c, n2, method="newcomb", compare="diff")
    return {"a": a, "n1": n1, "c": c, "n2": n2, "difference": a / n1 - c / n2, "low": float(low), "high": float(high)}


def haldane(a, n1, c, n2):
    # Haldane–Anscombe adds 0.5 to every cell; Table2x2's own shift_zeros replaces only the zero cells
    # by 0.5, which is another correction, so the table is shifted here and given unshifted.
    table = Table2x2(np.array([[a, n1 - a], [c, n2 - c]], dtype=float) + 0.5, shift_zeros=False)
    low, high = table.riskratio_confint()
    return {"a": a, "n1": n1, "c": c, "n2": n2, "riskRatio": float(table.riskratio), "low": float(low), "high": float(high)}


def main():
    schedule = [90, 180, 270, 365, 455, 545, 635, 730]
    cohorts = {
        "ovarian": ovarian(),
        "tiedEvenly": tied_cohort(17, 40, 45, 0.04, 0.09, schedule),
        "tiedSmall": tied_cohort(5, 12, 15, 0.03, 0.10, schedule[:4]),
        "apiInstitutionA": API_INSTITUTION_A,
    }
    out = {"generatedBy": "packages/server/scripts/outcome-oracle.py", "cohorts": {}, "newcombe": [], "haldane": []}
    for name, patients in cohorts.items():
        entry = {"patients": patients, **cox_and_log_rank(patients)}
        out["cohorts"][name] = entry
        out["newcombe"].append(newcombe(*counts(patients)))
    # No progression in the managed group: the Cox estimate is infinite, only the log-rank test applies.
    out["logRankOnly"] = {"apiInstitutionB": {"patients": API_INSTITUTION_B, "logRank": log_rank(API_INSTITUTION_B)}}
    out["newcombe"].append(newcombe(*counts(API_INSTITUTION_B)))
    for pair in [(0, 4, 2, 5), (56, 70, 48, 80), (9, 10, 3, 10), (6, 7, 2, 7), (5, 56, 0, 29), (0, 10, 0, 20), (10, 10, 0, 20)]:
        out["newcombe"].append(newcombe(*pair))
    for pair in [(0, 4, 2, 5), (0, 10, 5, 10), (3, 20, 0, 18), (7, 7, 3, 9), counts(API_INSTITUTION_B)]:
        out["haldane"].append(haldane(*pair))
    target = os.path.join(os.path.dirname(__file__), "..", "src", "modules", "outcomes", "oracle-fixture.json")
    with open(target, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
