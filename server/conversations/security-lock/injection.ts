// Prompt-injection detector behind the chat "security lock" (spec section 4). A hit locks the
// conversation for 30 minutes, so precision comes first. Two stages:
// 1. Hand-written rules (injection-rules-*.ts) name the shapes of known attacks; each hit says
//    which rule matched.
// 2. A character n-gram classifier (injection-classifier.ts) trained on labelled messages
//    catches attacks worded in ways no rule names. Its threshold was chosen in training for
//    precision (see docs/decisions/042-injection-classifier-second-stage.md), and it is only asked when no rule matched.
// Pure and synchronous; the rules compile and the model loads once at module load.
import { classifiesAsInjection } from "./injection-classifier.js";
import { matchInjectionRule } from "./injection-rules-match.js";

export { normaliseForInjection } from "./injection-normalise.js";

export interface InjectionVerdict {
  detected: boolean;
  /**
   * What decided, for logs: the rule that matched (e.g. "override:en",
   * "encoded:base64>extract:en"), or "classifier:0.93" with the classifier's probability.
   */
  rule?: string;
}

export function detectInjection(message: string): InjectionVerdict {
  const rule = matchInjectionRule(message);
  if (rule !== undefined) return { detected: true, rule };
  const { detected, probability } = classifiesAsInjection(message);
  return detected ? { detected: true, rule: `classifier:${probability.toFixed(2)}` } : { detected: false };
}
