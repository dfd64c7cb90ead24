"""The schema class of the API (drf-spectacular's, with one rule made exact).

An answer's field is required in the schema when every answer has it. DRF leaves a field
out of an answer only when its value cannot be read and the field has no default, may not
be null and is not required (``Field.get_attribute`` then skips it); a model serializer
reads model instances, whose fields can always be read. drf-spectacular marks a field
required by its input rule (``required``) instead, so a model field with a default or
``blank=True`` looked optional in every answer that always has it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework import serializers
from rest_framework.fields import empty


def may_be_left_out(field: serializers.Field, serializer: serializers.Serializer) -> bool:
    """Whether DRF may leave ``field`` out of ``serializer``'s answer."""
    if isinstance(serializer, serializers.ModelSerializer):
        return False
    return not field.required and field.default is empty and not field.allow_null


class AutoSchema(SpectacularAutoSchema):
    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        schema = super()._map_basic_serializer(serializer, direction)
        if direction != "response" or not isinstance(serializer, serializers.Serializer):
            return schema
        properties = schema.get("properties", {})
        required = list(schema.get("required", []))
        for field in serializer.fields.values():
            name = field.field_name
            listed = name in properties and name not in required
            if listed and not may_be_left_out(field, serializer):
                required.append(name)
        if required:
            schema["required"] = required
        return schema
