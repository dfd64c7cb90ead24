from django.urls import path

from rulings import api

urlpatterns = [
    path("rulings/versions/", api.VersionListView.as_view(), name="rulings-versions"),
    path(
        "rulings/versions/in-force/",
        api.VersionInForceView.as_view(),
        name="rulings-version-in-force",
    ),
    path(
        "rulings/versions/<id:number>/",
        api.VersionDetailView.as_view(),
        name="rulings-version",
    ),
    path(
        "rulings/versions/<id:number>/impact/",
        api.VersionImpactView.as_view(),
        name="rulings-version-impact",
    ),
    path("rulings/diff/", api.VersionDiffView.as_view(), name="rulings-diff"),
    path("rulings/editions/", api.EditionListView.as_view(), name="rulings-editions"),
    path("rulings/cards/", api.CardListView.as_view(), name="rulings-cards"),
]
