/**
 * An agent's outcome fields before anyone edits them: who the person is (name, email, phone),
 * then what the agent's template says it tracks ("Demos booked", "Deal value discussed"…),
 * each read as the question it asks of one conversation.
 */
import { OUTCOME_FIELD_NAME_MAX, type OutcomeField, type OutcomeFieldType } from "../../contracts/outcomes.js";

const CONTACT_FIELDS: OutcomeField[] = [
  { name: "contact_name", type: "text", description: "The person's name, if they gave it" },
  { name: "email", type: "email", description: "The person's email address, if they gave it" },
  { name: "phone", type: "phone", description: "The person's phone number, if they gave it" },
];

/** Tracked data that happens or not in a conversation ("Demos booked") is a yes/no question. */
const HAPPENED = /booked|qualified|resolved|requested|promised|escalat|taken|cancel|reschedul|answered/i;
const AMOUNT = /value|amount|budget|price/i;

export function defaultOutcomeFields(trackedData: string[] | null): OutcomeField[] {
  const tracked = (trackedData ?? []).map((item): OutcomeField => {
    const type: OutcomeFieldType = AMOUNT.test(item) ? "number" : HAPPENED.test(item) ? "yes/no" : "text";
    const description =
      type === "yes/no"
        ? `Did this conversation count toward "${item}"?`
        : type === "number"
          ? `${item}: the amount, if one was mentioned`
          : `${item}, as it came up in this conversation`;
    return { name: item.replace(/[^\p{L}\p{N}_ -]/gu, "").slice(0, OUTCOME_FIELD_NAME_MAX), type, description };
  });
  return [...CONTACT_FIELDS, ...tracked];
}
