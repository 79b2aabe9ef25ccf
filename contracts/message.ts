/**
 * The `{ message }` body: every refusal (4xx, 5xx) and the plain confirmations ("Signed out",
 * "Password reset"). Refusals may carry more fields (a 423's minutesLeft), hence loose.
 */
import { z } from "zod";

export const MessageSchema = z.looseObject({ message: z.string().describe("A sentence a person can read.") });
export type Message = z.infer<typeof MessageSchema>;
