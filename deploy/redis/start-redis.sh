#!/bin/sh
# docker-compose.yml's Redis: builds the server's ACL file from deploy/redis/acl-users.conf, with the
# password of each user from <USER>_REDIS_PASSWORD (gateway → GATEWAY_REDIS_PASSWORD; stored as its
# SHA-256, never in clear) and the default user's from REDISCLI_AUTH (the health check's), then runs
# redis-server with it, an append-only file and no eviction (BullMQ's keys must never be evicted).
# A user whose password variable is unset or empty is written switched off.
set -eu
rules=/etc/archlens/redis/acl-users.conf
acl=/tmp/archlens-users.acl
umask 077
sha() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }
{
  printf 'user default on #%s ~* &* +@all\n' "$(sha "$REDISCLI_AUTH")"
  grep -v -e '^#' -e '^[[:space:]]*$' "$rules" | while read -r user rest; do
    var="$(printf '%s' "$user" | tr 'a-z-' 'A-Z_')_REDIS_PASSWORD"
    password="$(printenv "$var" || true)"
    if [ -n "$password" ]; then
      printf 'user %s on #%s %s\n' "$user" "$(sha "$password")" "$rest"
    else
      printf 'user %s off resetpass %s\n' "$user" "$rest"
    fi
  done
} >"$acl"
exec redis-server --aclfile "$acl" --appendonly yes --appendfsync everysec --maxmemory-policy noeviction
