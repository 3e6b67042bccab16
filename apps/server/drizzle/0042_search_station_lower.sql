CREATE INDEX "stations_name_ru_lower_idx" ON "stations" USING btree (lower("name_ru"));--> statement-breakpoint
CREATE INDEX "stations_name_en_lower_idx" ON "stations" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "stations_name_ky_lower_idx" ON "stations" USING btree (lower("name_ky"));--> statement-breakpoint
CREATE INDEX "stations_address_ru_lower_idx" ON "stations" USING btree (lower("address_ru"));--> statement-breakpoint
CREATE INDEX "stations_address_en_lower_idx" ON "stations" USING btree (lower("address_en"));--> statement-breakpoint
CREATE INDEX "stations_address_ky_lower_idx" ON "stations" USING btree (lower("address_ky"));