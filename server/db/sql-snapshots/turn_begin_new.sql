-- turn_begin_new: prepared on PostgreSQL as turn_begin_new_<hash of this text>
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
        case when qc.voice_minutes_per_month is null or $9 <> 'voice' then 0 else $10::float8 end
          as voice_seconds
      from quota_company qc
    ),
    quota_admitted as (
      insert into company_usage (company_id, day, messages, tokens, voice_seconds)
      select qc.id, $11::date, 1, qr.tokens, qr.voice_seconds
      from quota_company qc, quota_month qm, quota_reserved qr
      where exists (select 1 from agent where agent.is_active)
        and (qc.messages_per_day is null or qc.messages_per_day > 0)
        and (qc.tokens_per_month is null or qm.tokens < qc.tokens_per_month)
        and (qc.voice_minutes_per_month is null or $12 <> 'voice'
             or qm.voice_seconds < qc.voice_minutes_per_month * 60.0)
      on conflict (company_id, day) do update set
        messages = company_usage.messages + 1,
        tokens = company_usage.tokens + excluded.tokens,
        voice_seconds = company_usage.voice_seconds + excluded.voice_seconds
      where ((select c.messages_per_day from companies c where c.id = company_usage.company_id) is null or company_usage.messages < (select c.messages_per_day from companies c where c.id = company_usage.company_id))
        and ((select qc.tokens_per_month from quota_company qc) is null or (select qm.earlier_tokens from quota_month qm) + company_usage.tokens < (select qc.tokens_per_month from quota_company qc))
        and ((select qc.voice_minutes_per_month from quota_company qc) is null or $13 <> 'voice'
             or (select qm.earlier_voice_seconds from quota_month qm) + company_usage.voice_seconds < (select qc.voice_minutes_per_month from quota_company qc) * 60.0)
      returning messages
    ),
    quota_warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select qc.id, 'messagesPerDay', $14::date from quota_company qc, quota_admitted qa
      where qc.messages_per_day is not null and qa.messages * 100 >= qc.messages_per_day::bigint * $15
      on conflict do nothing returning 1
    ),
      conv as (
        insert into conversations (user_id, agent_id, agent_name, kind, title, message_count, active_message_id, created_at, updated_at)
        select $16, agent.id, agent.name, $17, $18, 1, $19::uuid, $20::timestamptz, $21::timestamptz
        from agent where agent.is_active and exists (select 1 from quota_admitted) returning id
      ),
      stored as (
        insert into messages (id, conversation_id, role, content, status, language, created_at)
        select $22::uuid, conv.id, 'user', $23, 'complete', $24, $25::timestamptz from conv returning id
      ),
      counted as (
    update agents set chats_sent = chats_sent + 1
    where id = $26 and exists (select 1 from stored) and $27 returning 1
  )
      select (select row_to_json(agent) from agent) as agent, (select id from conv) as conversation_id,
             (select id from stored) as message_id, (select json_build_object(
    'companyId', qc.id, 'companyName', qc.name,
    'messagesPerDay', qc.messages_per_day, 'tokensPerMonth', qc.tokens_per_month,
    'voiceMinutesPerMonth', qc.voice_minutes_per_month,
    'tokensThisMonth', qm.tokens, 'voiceSecondsThisMonth', qm.voice_seconds,
    'messagesToday', (select cu.messages from company_usage cu where cu.company_id = qc.id and cu.day = $28::date),
    'admittedAs', (select messages from quota_admitted),
    'warned', exists (select 1 from quota_warned),
    'reservedTokens', (select tokens from quota_reserved), 'reservedVoiceSeconds', (select voice_seconds from quota_reserved),
    'day', $29::text
  ) from quota_company qc, quota_month qm) as quota
