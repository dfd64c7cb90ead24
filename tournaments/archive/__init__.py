"""Event archives: one versioned JSON file with everything an event needs, to move it
between installs (the central site and a venue laptop) and back. The format, its checks
and the three-way comparison of records live in ``core`` (pure, no Django); the services
that read and write the database are in ``tournaments.services.archive``."""
