/** The dashboard's four stat cards (spec section 2, Dashboard). */
import { z } from "zod";

export const DashboardStatsSchema = z.object({
  activeAgents: z.number().int(),
  conversations: z.number().int(),
  voiceInteractions: z.number().int(),
  successRate: z
    .number()
    .describe("Share of the user's chat turns answered without a provider error, 0–100; 100 when there are none."),
  answeredTurns: z.number().int(),
  failedTurns: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
