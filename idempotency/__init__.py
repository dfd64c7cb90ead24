"""Idempotency keys: an API POST sent again with the same ``Idempotency-Key`` is answered
with the stored answer instead of being done twice."""
