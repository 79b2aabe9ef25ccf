/** Writes chunk embeddings: one statement per batch, whatever its size. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";

export async function writeChunkEmbeddings(db: Db, rows: { id: string; embedding: number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  // The batch travels as one JSON parameter, the one form both drivers pass unchanged.
  const batch = JSON.stringify(rows.map((row) => ({ id: row.id, vector: row.embedding })));
  await db.execute(sql`
    update knowledge_chunks c
       set embedding = array(select x::real from json_array_elements_text(v.vector) with ordinality e(x, n) order by n)
      from json_to_recordset(${batch}::json) as v(id uuid, vector json)
     where c.id = v.id`);
}
