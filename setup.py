"""Build hook: the wheel carries the repository's top-level data/ and assets/ inside the
package, as vikings/_data and vikings/_assets (vikings/paths.py finds them there with
importlib.resources).

Why a build_py hook and not package-dir/package-data in pyproject.toml: mapping folders
without __init__.py into the package needs every subfolder named as a package (a list to
keep in step with the tree) and makes setuptools' editable install use an import hook for
the whole package instead of a plain path; copying the two folders at build time keeps
the checkout, the editable install and the frozen build exactly as they were. The sdist
carries data/ and assets/ at its top (MANIFEST.in), so a wheel built from it is the same.
Everything else is in pyproject.toml.
"""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

# (source in the repository, destination inside the package); build.spec bundles the same.
RESOURCES = (
    ("data", "_data"),
    ("assets/svg", "_assets/svg"),
    ("assets/ui", "_assets/ui"),
    ("assets/sounds", "_assets/sounds"),
    ("assets/CREDITS.md", "_assets/CREDITS.md"),
)


class build_py_with_resources(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads data/ and assets/ from the checkout
        package = os.path.join(self.build_lib, "vikings")
        for src, dst in RESOURCES:
            target = os.path.join(package, dst)
            if os.path.isdir(src):
                self.copy_tree(src, target)
            else:
                self.mkpath(os.path.dirname(target))
                self.copy_file(src, target)


setup(cmdclass={"build_py": build_py_with_resources})
