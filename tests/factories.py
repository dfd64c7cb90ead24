"""factory_boy factories for the models every app's tests use."""

from __future__ import annotations

import factory

from accounts.models import User

DEMO_PASSWORD = "correct-horse-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    display_name = factory.Sequence(lambda n: f"Player {n:04d}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", DEMO_PASSWORD)

    @factory.post_generation
    def _save(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            self.save()
