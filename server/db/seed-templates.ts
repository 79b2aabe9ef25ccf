/** Upserts the template catalogue at start-up, so new or improved templates reach existing instances. */
import { sql } from "drizzle-orm";
import type { Db } from "./connect.js";
import { agentTemplates } from "./schema.js";
import { TEMPLATE_CATALOG } from "./template-catalog.js";

export async function seedTemplates(db: Db): Promise<void> {
  const rows = TEMPLATE_CATALOG.map((t, sortOrder) => ({ ...t, sortOrder }));
  await db
    .insert(agentTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: agentTemplates.id,
      set: {
        name: sql`excluded.name`,
        type: sql`excluded.type`,
        description: sql`excluded.description`,
        icon: sql`excluded.icon`,
        trackedData: sql`excluded.tracked_data`,
        gender: sql`excluded.gender`,
        role: sql`excluded.role`,
        speciality: sql`excluded.speciality`,
        personality: sql`excluded.personality`,
        communicationStyle: sql`excluded.communication_style`,
        customPrompt: sql`excluded.custom_prompt`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
