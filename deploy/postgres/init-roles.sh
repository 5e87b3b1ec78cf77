#!/usr/bin/env bash
# docker-compose: the postgres container runs this once, when it initialises an empty volume
# (mounted into /docker-entrypoint-initdb.d). It applies roles.psql, mounted beside it, with the
# services' passwords from the container's environment (docker-compose.yml, .env).
# In a subshell: the image's entrypoint sources scripts that are not executable, and its own shell
# options must stay as they are.
(
  set -euo pipefail
  psql --no-psqlrc --quiet -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v auth_password="${AUTH_DB_PASSWORD:?}" \
    -v analysis_password="${ANALYSIS_DB_PASSWORD:?}" \
    -v generation_password="${GENERATION_DB_PASSWORD:?}" \
    -v billing_password="${BILLING_DB_PASSWORD:?}" \
    -v leads_password="${LEADS_DB_PASSWORD:?}" \
    -v email_password="${EMAIL_DB_PASSWORD:?}" \
    -f /docker-entrypoint-initdb.d/roles.psql
)
