-- api_key_holder: prepared on PostgreSQL as api_key_holder_<hash of this text>
select k.id as key_id, k.name as key_name, row_to_json(a) as agent, row_to_json(p) as publishing,
                 to_jsonb(u) - 'password_hash' as owner,
                 (select count(*) from guest_turns t where t.guest_id = k.id and t.created_at >= $1::timestamptz)::int as recent_count,
                 (select extract(epoch from min(t.created_at)) * 1000 from guest_turns t
                   where t.guest_id = k.id and t.created_at >= $2::timestamptz)::float8 as oldest_ms
          from api_keys k
          join agents a on a.id = k.agent_id
          left join agent_publishing p on p.agent_id = a.id and p.enabled
          left join users u on u.id = a.user_id and u.approval_status = 'approved' and u.deleted_at is null
          where k.key_hash = $3 and k.revoked_at is null
          limit 1
