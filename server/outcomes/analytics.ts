/**
 * Outcomes counted (issue 26): achieved rates and fields filled per agent and per company,
 * and each field's values per agent, over the outcomes extracted in a date range. A person's
 * corrections count over the extracted values. Outcomes are one row per conversation, so
 * this reads them directly rather than through a roll-up.
 */
import { sql } from "drizzle-orm";
import type { OutcomeAnalytics, OutcomeFigures, OutcomeValue, OutcomeVerdict } from "../../contracts/outcomes.js";
import type { Db } from "../db/connect.js";

interface OutcomeFact {
  agentId: string;
  agentName: string;
  companyId: string;
  companyName: string;
  success: OutcomeVerdict;
  values: Record<string, OutcomeValue>;
  unfilled: number;
}

async function readOutcomeFacts(db: Db, range: { from: string; to: string }): Promise<OutcomeFact[]> {
  const result = await db.execute(sql`
    select o.agent_id, coalesce(a.name, c.agent_name) as agent_name, co.id as company_id, co.name as company_name,
      coalesce(o.person_success, o.success) as success, o.extracted || o.person_fields as values,
      (select count(*)::int from jsonb_array_elements_text(o.unfilled) u where not (o.person_fields ? u)) as unfilled
    from conversation_outcomes o
    join conversations c on c.id = o.conversation_id
    left join agents a on a.id = o.agent_id
    join users u on u.id = c.user_id
    left join companies co on co.id = u.company_id
    where o.extracted_at >= ${range.from}::date and o.extracted_at < ${range.to}::date + 1`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    agentId: String(r["agent_id"] ?? ""),
    agentName: String(r["agent_name"] ?? ""),
    companyId: String(r["company_id"] ?? ""),
    companyName: String(r["company_name"] ?? ""),
    success: r["success"] as OutcomeVerdict,
    values: (typeof r["values"] === "string" ? JSON.parse(r["values"]) : r["values"]) as Record<string, OutcomeValue>,
    unfilled: Number(r["unfilled"] ?? 0),
  }));
}

function filledOf(values: Record<string, OutcomeValue>): number {
  return Object.values(values).filter((v) => v !== null && v !== "").length;
}

function figuresOf(facts: OutcomeFact[]): OutcomeFigures {
  const count = (s: OutcomeVerdict) => facts.filter((f) => f.success === s).length;
  const fieldsFilled = facts.reduce((n, f) => n + filledOf(f.values), 0);
  const fieldsTracked = fieldsFilled + facts.reduce((n, f) => n + f.unfilled, 0);
  const achieved = count("achieved");
  return {
    outcomes: facts.length,
    achieved,
    notAchieved: count("not achieved"),
    unclear: count("unclear"),
    achievedRate: facts.length ? achieved / facts.length : null,
    fieldsFilled,
    fieldsTracked,
    fillRate: fieldsTracked ? fieldsFilled / fieldsTracked : null,
  };
}

function groupBy<K>(facts: OutcomeFact[], key: (f: OutcomeFact) => K): Map<K, OutcomeFact[]> {
  const groups = new Map<K, OutcomeFact[]>();
  for (const f of facts) groups.set(key(f), [...(groups.get(key(f)) ?? []), f]);
  return groups;
}

export async function outcomeAnalytics(db: Db, range: { from: string; to: string }): Promise<OutcomeAnalytics> {
  const facts = await readOutcomeFacts(db, range);
  const byOutcomes = (a: OutcomeFigures, b: OutcomeFigures) => b.outcomes - a.outcomes;
  const agents = [...groupBy(facts, (f) => f.agentId)].map(([agentId, group]) => ({
    agentId,
    agentName: group[0]!.agentName,
    companyName: group[0]!.companyName,
    ...figuresOf(group),
  }));
  const companies = [...groupBy(facts, (f) => f.companyId)].map(([companyId, group]) => ({
    companyId,
    companyName: group[0]!.companyName,
    ...figuresOf(group),
  }));
  const values: OutcomeAnalytics["values"] = [];
  for (const [agentId, group] of groupBy(facts, (f) => f.agentId)) {
    const fields = new Map<string, OutcomeAnalytics["values"][number]>();
    for (const fact of group) {
      for (const [field, value] of Object.entries(fact.values)) {
        if (value === null || value === "") continue;
        let row = fields.get(field);
        if (!row)
          fields.set(field, (row = { agentId, agentName: fact.agentName, field, filled: 0, yes: 0, no: 0, sum: null }));
        row.filled++;
        if (value === true) row.yes++;
        if (value === false) row.no++;
        if (typeof value === "number") row.sum = (row.sum ?? 0) + value;
      }
    }
    values.push(...[...fields.values()].sort((a, b) => b.filled - a.filled));
  }
  return {
    from: range.from,
    to: range.to,
    totals: figuresOf(facts),
    agents: agents.sort(byOutcomes),
    companies: companies.sort(byOutcomes),
    values,
  };
}
