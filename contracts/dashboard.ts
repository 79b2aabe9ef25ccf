/** The dashboard's four stat cards (spec section 2, Dashboard). */
export interface DashboardStats {
  activeAgents: number;
  conversations: number;
  voiceInteractions: number;
  /** Share of the user's chat turns answered without a provider error, 0–100; 100 when there are none. */
  successRate: number;
  answeredTurns: number;
  failedTurns: number;
}
