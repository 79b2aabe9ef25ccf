-- turn_store_reply_usage_new_ft_le_100: prepared on PostgreSQL as turn_store_reply_usage_new_ft_le_100_<hash of this text>
with stored as (
      insert into messages (id, conversation_id, role, content, status, offline, language, citations, reply_to, parent_id, created_at)
      select gen_random_uuid(), $1, 'assistant', $2, $3, $4, $5,
             $6::jsonb, $7::uuid, $8::uuid, greatest($9::timestamptz, (select max(m.created_at) from messages m where m.conversation_id = $10) + interval '1 millisecond')
      where $11::uuid is null or exists (select 1 from messages u where u.id = $12::uuid)
      on conflict (id) do update set status = excluded.status, offline = excluded.offline,
        language = excluded.language, citations = excluded.citations
        where messages.conversation_id = excluded.conversation_id and messages.role = 'assistant'
      returning (xmax = 0) as inserted
    ),
    counted as (
      update conversations set message_count = message_count + 1, updated_at = $13::timestamptz
      where id = $14 and exists (select 1 from stored where inserted)
      returning 1
    ), who as (
      select u.company_id, c.name, c.tokens_per_month, c.voice_minutes_per_month,
             coalesce((select kind from conversations where id = $15), 'text') as kind,
             coalesce((select g.channel from guests g where g.conversation_id = $16 limit 1), 'app') as channel
      from users u join companies c on c.id = u.company_id where u.id = $17
    ),
    rec as (
      insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, channel, provider,
        model, prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
        voice_seconds_heard, voice_seconds_spoken, tool_calls, language, created_at)
      select who.company_id, $18, $19, $20, $21, who.kind, who.channel, $22,
        $23, $24, $25, $26, $27, $28,
        $29, $30, $31::float8, $32::float8, $33::int, $34,
        $35::timestamptz
      from who returning id
    ),
    rolled as (
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls , "ft_le_100")
      select $36::date, who.company_id, $37, $38, who.kind, $39,
        $40, 1, (who.channel = 'web')::int, (who.channel = 'api')::int, $41, $42, $43::float8,
        $44, $45, $46::int , 1
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
        tool_calls = usage_daily.tool_calls + excluded.tool_calls , "ft_le_100" = usage_daily."ft_le_100" + 1
      returning 1
    ),
    month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds
      from company_usage cu join who on who.company_id = cu.company_id where cu.day >= $47::date
    ),
    ledger as (
      insert into company_usage (company_id, day, tokens, voice_seconds)
      select who.company_id, $48::date, greatest($49::bigint, 0), greatest($50::float8, 0)
      from who
      where $51::bigint <> 0 or $52::float8 <> 0
      on conflict (company_id, day) do update set
        tokens = greatest(company_usage.tokens + $53::bigint, 0),
        voice_seconds = greatest(company_usage.voice_seconds + $54::float8, 0)
      returning 1
    ),
    crossing as (
      select who.company_id, who.name, 'tokensPerMonth' as quota, (month.tokens + $55::bigint)::float8 as used,
             who.tokens_per_month::float8 as quota_limit
      from who, month where who.tokens_per_month is not null and $56::bigint > 0
        and (month.tokens + $57::bigint) * 100 >= who.tokens_per_month * $58
      union all
      select who.company_id, who.name, 'voiceMinutesPerMonth', (month.voice_seconds + $59::float8) / 60,
             who.voice_minutes_per_month::float8
      from who, month where who.voice_minutes_per_month is not null and $60::float8 > 0
        and (month.voice_seconds + $61::float8) / 60 * 100 >= who.voice_minutes_per_month::bigint * $62
    ),
    warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select company_id, quota, $63::date from crossing
      on conflict do nothing returning quota
    )
          select exists (select 1 from stored) as stored, (select coalesce(json_agg(json_build_object(
    'quota', crossing.quota, 'companyId', crossing.company_id, 'companyName', crossing.name,
    'used', crossing.used, 'limit', crossing.quota_limit)), '[]'::json)
  from crossing join warned on warned.quota = crossing.quota) as warnings
