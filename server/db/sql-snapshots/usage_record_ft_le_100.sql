-- usage_record_ft_le_100: prepared on PostgreSQL as usage_record_ft_le_100_<hash of this text>
with who as (
      select u.company_id, c.name, c.tokens_per_month, c.voice_minutes_per_month,
             coalesce((select kind from conversations where id = $1), 'text') as kind,
             coalesce((select g.channel from guests g where g.conversation_id = $2 limit 1), 'app') as channel
      from users u join companies c on c.id = u.company_id where u.id = $3
    ),
    rec as (
      insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, channel, provider,
        model, prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
        voice_seconds_heard, voice_seconds_spoken, tool_calls, language, created_at)
      select who.company_id, $4, $5, $6, $7, who.kind, who.channel, $8,
        $9, $10, $11, $12, $13, $14,
        $15, $16, $17::float8, $18::float8, $19::int, $20,
        $21::timestamptz
      from who returning id
    ),
    rolled as (
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls , "ft_le_100")
      select $22::date, who.company_id, $23, $24, who.kind, $25,
        $26, 1, (who.channel = 'web')::int, (who.channel = 'api')::int, $27, $28, $29::float8,
        $30, $31, $32::int , 1
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
      from company_usage cu join who on who.company_id = cu.company_id where cu.day >= $33::date
    ),
    ledger as (
      insert into company_usage (company_id, day, tokens, voice_seconds)
      select who.company_id, $34::date, greatest($35::bigint, 0), greatest($36::float8, 0)
      from who
      where $37::bigint <> 0 or $38::float8 <> 0
      on conflict (company_id, day) do update set
        tokens = greatest(company_usage.tokens + $39::bigint, 0),
        voice_seconds = greatest(company_usage.voice_seconds + $40::float8, 0)
      returning 1
    ),
    crossing as (
      select who.company_id, who.name, 'tokensPerMonth' as quota, (month.tokens + $41::bigint)::float8 as used,
             who.tokens_per_month::float8 as quota_limit
      from who, month where who.tokens_per_month is not null and $42::bigint > 0
        and (month.tokens + $43::bigint) * 100 >= who.tokens_per_month * $44
      union all
      select who.company_id, who.name, 'voiceMinutesPerMonth', (month.voice_seconds + $45::float8) / 60,
             who.voice_minutes_per_month::float8
      from who, month where who.voice_minutes_per_month is not null and $46::float8 > 0
        and (month.voice_seconds + $47::float8) / 60 * 100 >= who.voice_minutes_per_month::bigint * $48
    ),
    warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select company_id, quota, $49::date from crossing
      on conflict do nothing returning quota
    ) select (select coalesce(json_agg(json_build_object(
    'quota', crossing.quota, 'companyId', crossing.company_id, 'companyName', crossing.name,
    'used', crossing.used, 'limit', crossing.quota_limit)), '[]'::json)
  from crossing join warned on warned.quota = crossing.quota) as warnings
