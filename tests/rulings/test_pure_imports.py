"""The pure cores import nothing from Django (they run in any Python process)."""

import subprocess
import sys


def test_pure_cores_do_not_import_django():
    code = (
        "import sys\n"
        "import rulings.deckcheck, rulings.core.csvimport, rulings.core.docdiff\n"
        "import rulings.core.document\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
