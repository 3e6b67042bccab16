CREATE TABLE "geocoder_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
