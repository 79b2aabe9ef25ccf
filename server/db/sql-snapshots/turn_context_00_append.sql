-- turn_context_00_append: prepared on PostgreSQL as turn_context_00_append_<hash of this text>
select
        (select row_to_json(a) from agents a where a.id = $1 and (a.user_id = $2 or (a.visibility = 'company' and exists (
      select 1 from users agent_owner, users viewer
      where agent_owner.id = a.user_id and viewer.id = $3 and agent_owner.company_id = viewer.company_id)))) as agent,
        true and true as writable,
        exists (select 1 from knowledge_documents d where d.agent_id = $4 and d.status in ('ready', 'processing')) as has_knowledge,
        exists (select 1 from agent_tools t where t.agent_id = $5) as has_tools,
        '[]'::json as history
