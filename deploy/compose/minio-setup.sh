#!/bin/sh
# docker-compose's one-shot `minio-setup` service (image minio/mc): creates the bucket and the
# apps' own MinIO user (S3_ACCESS_KEY / S3_SECRET_KEY) with a policy limited to that bucket, so no
# app holds MinIO's root credentials. Idempotent: it runs on every `docker compose up`.
set -eu
: "${MINIO_ROOT_USER:?}" "${MINIO_ROOT_PASSWORD:?}" "${S3_BUCKET:?}" "${S3_ACCESS_KEY:?}" "${S3_SECRET_KEY:?}"

mc alias set archlens http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "archlens/$S3_BUCKET"

cat > /tmp/archlens-app-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
POLICY
mc admin policy create archlens archlens-app /tmp/archlens-app-policy.json
mc admin user add archlens "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
if ! mc admin policy attach archlens archlens-app --user "$S3_ACCESS_KEY" 2>/tmp/attach.err; then
  # A second run finds the policy attached already; anything else is an error.
  grep -qi 'already' /tmp/attach.err || { cat /tmp/attach.err >&2; exit 1; }
fi
echo "minio-setup: bucket $S3_BUCKET and user $S3_ACCESS_KEY ready"
