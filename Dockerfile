# validate-correctness as a container image (amd64: gcc-multilib builds the 32-bit replays).
#   docker build -t validate-correctness .
#   docker run --rm -v "$PWD/sv-benchmarks-sample:/tasks" validate-correctness c/validation/for_count.yml
# No Docker engine runs in CI: tests/test_install.py executes these COPY and RUN steps in a fresh
# directory, with a fresh virtual environment's pip, and runs the installed command.  It knows
# FROM, WORKDIR, COPY (without flags), RUN, ENTRYPOINT and CMD, and refuses anything else.
FROM python:3.11-slim

WORKDIR /opt/validate-correctness
# the Debian packages of .ci/debian-packages.txt, with the script that CI's setup uses
COPY .ci/install-system-packages.sh .ci/debian-packages.txt .ci/
RUN bash .ci/install-system-packages.sh --clean-apt-lists

COPY pyproject.toml README.md ./
COPY instrument/ instrument/
COPY validator/ validator/
RUN pip install --no-cache-dir .

# tasks are mounted here; relative paths on the command line are relative to it
WORKDIR /tasks
ENTRYPOINT ["validate-correctness"]
CMD ["--help"]
