-- A question's admission against the chat limits (api/conversations/chat-limits.ts) in one call: the
-- caller's organization and user locked (always in this order, so two admissions never wait on each
-- other in a circle), the rows that no longer count removed, the counts read, and the question
-- recorded when every limit allows it. One round trip instead of a transaction of seven: the one
-- embedded session is never held while the caller's process is busy with other requests. Each
-- statement here reads a fresh snapshot, so on PostgreSQL an admission that waited for a lock counts
-- the question admitted before it.
CREATE FUNCTION admit_chat_question(
  asking_user integer,
  asking_organization integer,
  now timestamptz,
  since timestamptz,
  lease_end timestamptz,
  per_user integer,
  per_organization integer,
  at_once_per_user integer,
  at_once_per_organization integer
) RETURNS TABLE (
  admitted integer,
  user_asked integer,
  user_first timestamptz,
  user_answering integer,
  organization_asked integer,
  organization_first timestamptz,
  organization_answering integer
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(26001, asking_organization);
  PERFORM pg_advisory_xact_lock(26002, asking_user);
  -- Rows that no longer count, of this organization only: under its lock no other admission reads them.
  DELETE FROM chat_questions q
  WHERE q.organization_id = asking_organization AND q.asked_at <= since
    AND (q.answering_until IS NULL OR q.answering_until <= now);
  SELECT
    count(*) FILTER (WHERE q.user_id = asking_user AND q.asked_at > since),
    min(q.asked_at) FILTER (WHERE q.user_id = asking_user AND q.asked_at > since),
    count(*) FILTER (WHERE q.user_id = asking_user AND q.answering_until > now),
    count(*) FILTER (WHERE q.organization_id = asking_organization AND q.asked_at > since),
    min(q.asked_at) FILTER (WHERE q.organization_id = asking_organization AND q.asked_at > since),
    count(*) FILTER (WHERE q.organization_id = asking_organization AND q.answering_until > now)
  INTO user_asked, user_first, user_answering, organization_asked, organization_first, organization_answering
  FROM chat_questions q
  WHERE q.user_id = asking_user OR q.organization_id = asking_organization;
  IF user_asked < per_user AND organization_asked < per_organization
    AND user_answering < at_once_per_user AND organization_answering < at_once_per_organization THEN
    INSERT INTO chat_questions (user_id, organization_id, asked_at, answering_until)
    VALUES (asking_user, asking_organization, now, lease_end)
    RETURNING id INTO admitted;
  END IF;
  RETURN NEXT;
END $$;
