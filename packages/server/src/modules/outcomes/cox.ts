import { eventDays } from './risk-sets';
import type { DayCounts, Estimate } from './statistics';
import { Z_975 } from './statistics';

/**
 * Cox proportional-hazards model with one binary covariate (managed = 1, comparison = 0), Breslow's
 * approximation for tied event times (Breslow 1974; the partial likelihood as in Kalbfleisch &
 * Prentice, The Statistical Analysis of Failure Time Data, 2nd ed., §4.2). With one binary covariate
 * the log partial likelihood needs, at each event day, only the events and the numbers at risk of
 * each group:
 *
 *   ℓ(β) = Σ [d₁ β − d log(r₁ e^β + r₀)],  U(β) = Σ [d₁ − d π],  I(β) = Σ d π (1 − π),
 *   π = r₁ e^β / (r₁ e^β + r₀),
 *
 * maximised by Newton–Raphson from β = 0 (step halving whenever ℓ would fall, as R's coxph does).
 * The hazard ratio is e^β̂ with the Wald 95 % interval e^(β̂ ± z / √I(β̂)).
 */

export interface CoxFit {
  coefficient: number;
  standardError: number;
  hazardRatio: Estimate;
  iterations: number;
}

const MAX_ITERATIONS = 50;
/** Beyond |β| = 30 (a hazard ratio over 10¹³) the likelihood is monotone: the estimate is infinite. */
const DIVERGENT_COEFFICIENT = 30;

/**
 * The fit, or null when β̂ is not finite or carries no information: no events, events in one group
 * only (the partial likelihood rises for ever, a "monotone likelihood"), or no event day where both
 * groups are at risk.
 */
export function coxBinary(managed: readonly DayCounts[], comparison: readonly DayCounts[]): CoxFit | null {
  const days = eventDays(managed, comparison);
  const informative = days.filter((d) => d.managedAtRisk > 0 && d.comparisonAtRisk > 0);
  const managedEvents = informative.reduce((s, d) => s + d.managedEvents, 0);
  const comparisonEvents = informative.reduce((s, d) => s + d.comparisonEvents, 0);
  if (managedEvents === 0 || comparisonEvents === 0) return null;

  const evaluate = (beta: number) => {
    const hazard = Math.exp(beta);
    let logLikelihood = 0;
    let score = 0;
    let information = 0;
    for (const d of informative) {
      const events = d.managedEvents + d.comparisonEvents;
      const weighted = d.managedAtRisk * hazard;
      const pi = weighted / (weighted + d.comparisonAtRisk);
      logLikelihood += d.managedEvents * beta - events * Math.log(weighted + d.comparisonAtRisk);
      score += d.managedEvents - events * pi;
      information += events * pi * (1 - pi);
    }
    return { logLikelihood, score, information };
  };

  let beta = 0;
  let current = evaluate(beta);
  for (let iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
    if (!(current.information > 0)) return null;
    let step = current.score / current.information;
    let next = evaluate(beta + step);
    while (next.logLikelihood < current.logLikelihood && Math.abs(step) > 1e-12) {
      step /= 2;
      next = evaluate(beta + step);
    }
    beta += step;
    current = next;
    if (Math.abs(beta) > DIVERGENT_COEFFICIENT) return null;
    if (Math.abs(step) < 1e-12 || Math.abs(current.score) < 1e-12) {
      if (!(current.information > 0)) return null;
      const standardError = 1 / Math.sqrt(current.information);
      return {
        coefficient: beta,
        standardError,
        hazardRatio: {
          value: Math.exp(beta),
          low: Math.exp(beta - Z_975 * standardError),
          high: Math.exp(beta + Z_975 * standardError),
        },
        iterations: iteration,
      };
    }
  }
  return null;
}
