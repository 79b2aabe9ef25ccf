import { expect, it } from "vitest";
import { passagesAboutMessage } from "./passage-relevance.js";

const returns = { title: "Returns policy", content: "Return shipping is free for Gold members; others pay 6 euros." };
const pricing = { title: "Pricing", content: "The Starter plan costs 9 euros a month." };

it("keeps the passages that share a content word with the message, whatever its endings and accents", () => {
  expect(passagesAboutMessage("Who pays for return shipping?", [returns, pricing])).toEqual([returns]);
  expect(passagesAboutMessage("How much are the plans' prices?", [returns, pricing])).toEqual([pricing]);
  expect(passagesAboutMessage("¿Cuánto cuesta el envío de devolución? Returns?", [returns])).toEqual([returns]);
});

it("drops every passage when the message is about something else", () => {
  expect(passagesAboutMessage("What is the capital of France?", [returns, pricing])).toEqual([]);
});

it("keeps them all when the message has no word of its own to judge by, or is written without spaces", () => {
  expect(passagesAboutMessage("Why?", [returns, pricing])).toEqual([returns, pricing]);
  expect(passagesAboutMessage("And that one?", [returns])).toEqual([returns]);
  expect(passagesAboutMessage("返品の送料は？", [returns])).toEqual([returns]);
});
