"""The webhooks' pure core (no Django): signing and checking a delivery, which addresses a
delivery may go to, and when a failed delivery is tried again."""
