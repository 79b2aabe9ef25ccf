-- turn_store_reply_usage_id_none: prepared on PostgreSQL as turn_store_reply_usage_id_none_<hash of this text>
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
    ), who as (
      select u.company_id, c.name, c.tokens_per_month, c.voice_minutes_per_month,
             coalesce((select kind from conversations where id = $16), 'text') as kind,
             coalesce((select g.channel from guests g where g.conversation_id = $17 limit 1), 'app') as channel
      from users u join companies c on c.id = u.company_id where u.id = $18
    ),
    rec as (
      insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, channel, provider,
        model, prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
        voice_seconds_heard, voice_seconds_spoken, tool_calls, language, created_at)
      select who.company_id, $19, $20, $21, $22, who.kind, who.channel, $23,
        $24, $25, $26, $27, $28, $29,
        $30, $31, $32::float8, $33::float8, $34::int, $35,
        $36::timestamptz
      from who returning id
    ),
    rolled as (
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls )
      select $37::date, who.company_id, $38, $39, who.kind, $40,
        $41, 1, (who.channel = 'web')::int, (who.channel = 'api')::int, $42, $43, $44::float8,
        $45, $46, $47::int 
      from who
      on conflict (day, company_id, user_id, agent_id, kind) do update set
        agent_name = excluded.agent_name,
        conversations = usage_daily.conversations + excluded.conversations,
        messages = usage_daily.messages + 1,
        web_messages = usage_daily.web_messages + excluded.web_messages,
        api_messages = usage_daily.api_messages + excluded.api_messages,
        prompt_tokens = usage_daily.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = usage_daily.completion_tokens + excluded.completion_tokens,
        voice_seconds = usage_daily.voice_seconds + excluded.voice_seconds,
        failed_replies = usage_daily.failed_replies + excluded.failed_replies,
        security_locks = usage_daily.security_locks + excluded.security_locks,
        tool_calls = usage_daily.tool_calls + excluded.tool_calls 
      returning 1
    ),
    month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds
      from company_usage cu join who on who.company_id = cu.company_id where cu.day >= $48::date
    ),
    ledger as (
      insert into company_usage (company_id, day, tokens, voice_seconds)
      select who.company_id, $49::date, greatest($50::bigint, 0), greatest($51::float8, 0)
      from who
      where $52::bigint <> 0 or $53::float8 <> 0
      on conflict (company_id, day) do update set
        tokens = greatest(company_usage.tokens + $54::bigint, 0),
        voice_seconds = greatest(company_usage.voice_seconds + $55::float8, 0)
      returning 1
    ),
    crossing as (
      select who.company_id, who.name, 'tokensPerMonth' as quota, (month.tokens + $56::bigint)::float8 as used,
             who.tokens_per_month::float8 as quota_limit
      from who, month where who.tokens_per_month is not null and $57::bigint > 0
        and (month.tokens + $58::bigint) * 100 >= who.tokens_per_month * $59
      union all
      select who.company_id, who.name, 'voiceMinutesPerMonth', (month.voice_seconds + $60::float8) / 60,
             who.voice_minutes_per_month::float8
      from who, month where who.voice_minutes_per_month is not null and $61::float8 > 0
        and (month.voice_seconds + $62::float8) / 60 * 100 >= who.voice_minutes_per_month::bigint * $63
    ),
    warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select company_id, quota, $64::date from crossing
      on conflict do nothing returning quota
    )
          select exists (select 1 from stored) as stored, (select coalesce(json_agg(json_build_object(
    'quota', crossing.quota, 'companyId', crossing.company_id, 'companyName', crossing.name,
    'used', crossing.used, 'limit', crossing.quota_limit)), '[]'::json)
  from crossing join warned on warned.quota = crossing.quota) as warnings
