CREATE INDEX "stations_address_ru_trgm_idx" ON "stations" USING gin ("address_ru" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_address_en_trgm_idx" ON "stations" USING gin ("address_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_address_ky_trgm_idx" ON "stations" USING gin ("address_ky" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_users_name_lower_idx" ON "app_users" USING btree (lower("name"));