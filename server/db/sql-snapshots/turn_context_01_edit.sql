-- turn_context_01_edit: prepared on PostgreSQL as turn_context_01_edit_<hash of this text>
select
        (select row_to_json(a) from agents a where a.id = $1 and (a.user_id = $2 or (a.visibility = 'company' and exists (
      select 1 from users agent_owner, users viewer
      where agent_owner.id = a.user_id and viewer.id = $3 and agent_owner.company_id = viewer.company_id)))) as agent,
        true and exists (select 1 from messages t where t.id = $4::uuid and t.conversation_id = $5 and t.role = 'user') as writable,
        exists (select 1 from knowledge_documents d where d.agent_id = $6 and d.status in ('ready', 'processing')) as has_knowledge,
        exists (select 1 from agent_tools t where t.agent_id = $7) as has_tools,
        '[]'::json as history
