"""Event archives: one versioned JSON file with everything an event needs, to move it
between installs (the central site and a venue laptop) and back. This package is pure (no
Django): the format (``schema``), the limits (``limits``), the checks of a parsed file
(``checks``, ``fields``, ``errors``), a booster draft's pods (``drafts``) and the
conservation of its cards (``conservation``), the digests and three-way comparison of
records (``comparison``) and the staff records an import withholds (``staff``). The
services that read and write the database are in ``archives.services``."""
