CREATE TABLE "surroundings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" varchar(50) NOT NULL,
	"title_en" varchar(50) DEFAULT '' NOT NULL,
	"title_ky" varchar(50) DEFAULT '' NOT NULL,
	"icon_path" varchar(255),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" varchar(50) NOT NULL,
	"title_en" varchar(50) DEFAULT '' NOT NULL,
	"title_ky" varchar(50) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "surroundings_title_ru_lower_idx" ON "surroundings" USING btree (lower("title_ru"));--> statement-breakpoint
CREATE INDEX "surroundings_status_idx" ON "surroundings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_ru_lower_idx" ON "tags" USING btree (lower("title_ru"));--> statement-breakpoint
CREATE INDEX "tags_status_idx" ON "tags" USING btree ("status");