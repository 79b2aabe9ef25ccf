-- turn_store_reply_id: prepared on PostgreSQL as turn_store_reply_id_<hash of this text>
with stored as (
      insert into messages (id, conversation_id, role, content, status, offline, language, citations, reply_to, parent_id, created_at)
      select $1::uuid, $2, 'assistant', $3, $4, $5, $6,
             $7::jsonb, $8::uuid, $9::uuid, greatest($10::timestamptz, (select max(m.created_at) from messages m where m.conversation_id = $11) + interval '1 millisecond')
      where $12::uuid is null or exists (select 1 from messages u where u.id = $13::uuid)
      on conflict (id) do update set status = excluded.status, offline = excluded.offline,
        language = excluded.language, citations = excluded.citations
        where messages.conversation_id = excluded.conversation_id and messages.role = 'assistant'
      returning (xmax = 0) as inserted
    ),
    counted as (
      update conversations set message_count = message_count + 1, updated_at = $14::timestamptz
      where id = $15 and exists (select 1 from stored where inserted)
      returning 1
    ) select exists (select 1 from stored) as stored
