app_name = "rulings"

urlpatterns: list = []
