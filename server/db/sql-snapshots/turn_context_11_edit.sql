-- turn_context_11_edit: prepared on PostgreSQL as turn_context_11_edit_<hash of this text>
select
        (select row_to_json(a) from agents a where a.id = $1 and (a.user_id = $2 or (a.visibility = 'company' and exists (
      select 1 from users agent_owner, users viewer
      where agent_owner.id = a.user_id and viewer.id = $3 and agent_owner.company_id = viewer.company_id)))) as agent,
        exists (select 1 from conversations c where c.id = $4 and c.user_id = $5 and c.agent_id = $6 and c.kind = $7
        and (c.locked_until is null or c.locked_until <= $8::timestamptz)) and exists (select 1 from messages t where t.id = $9::uuid and t.conversation_id = $10 and t.role = 'user') as writable,
        exists (select 1 from knowledge_documents d where d.agent_id = $11 and d.status in ('ready', 'processing')) as has_knowledge,
        exists (select 1 from agent_tools t where t.agent_id = $12) as has_tools,
        (select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at), '[]'::json)
         from (with recursive up(id, parent_id, role, content, status, created_at, depth) as (
    select m.id, m.parent_id, m.role, m.content, m.status, m.created_at, 1 from messages m where m.id = (select t.parent_id from messages t where t.id = $13::uuid and t.conversation_id = $14 and t.role = 'user')
    union all
    select m.id, m.parent_id, m.role, m.content, m.status, m.created_at, up.depth + 1
    from messages m join up on m.id = up.parent_id where up.depth < $15::int
  )
               select up.role, coalesce((select '[' || x.author_name || ', a person from the team, wrote] ' from messages x
      where x.id = up.id and x.author_name is not null), '') || up.content as content, up.created_at from up
               where exists (select 1 from conversations c where c.id = $16 and c.user_id = $17 and c.agent_id = $18 and c.kind = $19)
                 and up.status in ('complete', 'partial') and up.id <> $20::uuid) h) as history
