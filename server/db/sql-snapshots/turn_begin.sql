-- turn_begin: prepared on PostgreSQL as turn_begin_<hash of this text>
with agent as (select * from agents a where a.id = $1 and (a.user_id = $2 or (a.visibility = 'company' and exists (
      select 1 from users agent_owner, users viewer
      where agent_owner.id = a.user_id and viewer.id = $3 and agent_owner.company_id = viewer.company_id)))),
      quota_company as (
      select c.id, c.name, c.messages_per_day, c.tokens_per_month, c.voice_minutes_per_month
      from users u join companies c on c.id = u.company_id where u.id = $4
    ),
    quota_month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds,
             coalesce(sum(cu.tokens) filter (where cu.day <> $5::date), 0)::bigint as earlier_tokens,
             coalesce(sum(cu.voice_seconds) filter (where cu.day <> $6::date), 0)::float8 as earlier_voice_seconds
      from company_usage cu join quota_company qc on qc.id = cu.company_id
      where cu.day >= $7::date
        and (qc.tokens_per_month is not null or qc.voice_minutes_per_month is not null)
    ),
    quota_reserved as (
      select case when qc.tokens_per_month is null then 0 else $8::bigint end as tokens,
        case when qc.voice_minutes_per_month is null or (select c.kind from conversations c where c.id = $9) <> 'voice' then 0 else $10::float8 end
          as voice_seconds
      from quota_company qc
    ),
    quota_admitted as (
      insert into company_usage (company_id, day, messages, tokens, voice_seconds)
      select qc.id, $11::date, 1, qr.tokens, qr.voice_seconds
      from quota_company qc, quota_month qm, quota_reserved qr
      where exists (select 1 from agent where agent.is_active) and exists (select 1 from conversations c where c.id = $12 and c.user_id = $13 and c.agent_id = $14 and c.deleted_at is null  and (c.locked_until is null or c.locked_until <= $15::timestamptz)) and true
        and (qc.messages_per_day is null or qc.messages_per_day > 0)
        and (qc.tokens_per_month is null or qm.tokens < qc.tokens_per_month)
        and (qc.voice_minutes_per_month is null or (select c.kind from conversations c where c.id = $16) <> 'voice'
             or qm.voice_seconds < qc.voice_minutes_per_month * 60.0)
      on conflict (company_id, day) do update set
        messages = company_usage.messages + 1,
        tokens = company_usage.tokens + excluded.tokens,
        voice_seconds = company_usage.voice_seconds + excluded.voice_seconds
      where ((select c.messages_per_day from companies c where c.id = company_usage.company_id) is null or company_usage.messages < (select c.messages_per_day from companies c where c.id = company_usage.company_id))
        and ((select qc.tokens_per_month from quota_company qc) is null or (select qm.earlier_tokens from quota_month qm) + company_usage.tokens < (select qc.tokens_per_month from quota_company qc))
        and ((select qc.voice_minutes_per_month from quota_company qc) is null or (select c.kind from conversations c where c.id = $17) <> 'voice'
             or (select qm.earlier_voice_seconds from quota_month qm) + company_usage.voice_seconds < (select qc.voice_minutes_per_month from quota_company qc) * 60.0)
      returning messages
    ),
    quota_warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select qc.id, 'messagesPerDay', $18::date from quota_company qc, quota_admitted qa
      where qc.messages_per_day is not null and qa.messages * 100 >= qc.messages_per_day::bigint * $19
      on conflict do nothing returning 1
    ),
      conv as (
        select c.id, not exists (select 1 from messages u where u.conversation_id = c.id and u.role = 'user') as started,
               (with recursive down(id, depth) as (
    select coalesce(
      (select c.active_message_id from conversations c where c.id = $20),
      (select r.id from messages r where r.conversation_id = $21 and r.parent_id is null
       order by r.created_at desc, r.id desc limit 1)
    ), 0
    union all
    select child.id, down.depth + 1 from down
    cross join lateral (select k.id from messages k where k.parent_id = down.id
                        order by k.created_at desc, k.id desc limit 1) child
    where down.depth < 100000
  ) select id from down where id is not null order by depth desc limit 1) as parent
        from conversations c where c.id = $22 and c.user_id = $23 and c.agent_id = $24 and c.deleted_at is null 
      ),
      bumped as (
        update conversations c set message_count = c.message_count + 1 - 0, updated_at = $25::timestamptz,
          active_message_id = $26::uuid
        from conv
        where c.id = conv.id and (c.locked_until is null or c.locked_until <= $27::timestamptz) and exists (select 1 from agent where agent.is_active) and true and exists (select 1 from quota_admitted)
        returning c.id
      ),
      stored as (
        insert into messages (id, conversation_id, role, content, status, language, parent_id, created_at)
        select $28::uuid, bumped.id, 'user', $29, 'complete', $30, conv.parent,
               greatest($31::timestamptz, (select max(m.created_at) from messages m where m.conversation_id = bumped.id) + interval '1 millisecond')
        from bumped join conv on conv.id = bumped.id returning id
      ),
      
      counted as (
    update agents set chats_sent = chats_sent + 1
    where id = $32 and exists (select 1 from stored) and exists (select 1 from conversations c where c.id = $33 and c.kind = 'text') returning 1
  )
      select
        (select row_to_json(agent) from agent) as agent,
        exists (select 1 from conv) as found,
        true as target_ok,
        (select started from conv) as started,
        exists (select 1 from conversations c where c.id = $34 and c.user_id = $35 and c.agent_id = $36 and c.deleted_at is null  and not (c.locked_until is null or c.locked_until <= $37::timestamptz)) as locked_at_start,
        (select id from stored) as message_id,
        (select json_build_object(
    'companyId', qc.id, 'companyName', qc.name,
    'messagesPerDay', qc.messages_per_day, 'tokensPerMonth', qc.tokens_per_month,
    'voiceMinutesPerMonth', qc.voice_minutes_per_month,
    'tokensThisMonth', qm.tokens, 'voiceSecondsThisMonth', qm.voice_seconds,
    'messagesToday', (select cu.messages from company_usage cu where cu.company_id = qc.id and cu.day = $38::date),
    'admittedAs', (select messages from quota_admitted),
    'warned', exists (select 1 from quota_warned),
    'reservedTokens', (select tokens from quota_reserved), 'reservedVoiceSeconds', (select voice_seconds from quota_reserved),
    'day', $39::text
  ) from quota_company qc, quota_month qm) as quota
