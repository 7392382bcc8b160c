# validate-correctness as a container image (amd64: gcc-multilib builds the 32-bit replays).
#   docker build -t validate-correctness .
#   docker run --rm -v "$PWD/sv-benchmarks-sample:/tasks" validate-correctness c/validation/for_count.yml
# The install steps are those of the README (tests/test_dockerfile.py checks that they agree).
FROM python:3.11-slim

COPY .ci/debian-packages.txt /tmp/debian-packages.txt
RUN apt-get update \
    && grep -v '^#' /tmp/debian-packages.txt | xargs apt-get install -y --no-install-recommends \
    && rm -rf /var/lib/apt/lists/* /tmp/debian-packages.txt

WORKDIR /opt/validate-correctness
COPY pyproject.toml README.md ./
COPY instrument/ instrument/
COPY validator/ validator/
RUN pip install --no-cache-dir .

# tasks are mounted here; relative paths on the command line are relative to it
WORKDIR /tasks
ENTRYPOINT ["validate-correctness"]
CMD ["--help"]
