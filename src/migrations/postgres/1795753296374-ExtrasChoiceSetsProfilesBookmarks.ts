import { MigrationInterface, QueryRunner } from "typeorm";

export class ExtrasChoiceSetsProfilesBookmarks1795753296374 implements MigrationInterface {
    name = 'ExtrasChoiceSetsProfilesBookmarks1795753296374'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_customfieldchoiceset" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "base_choices" character varying(50), "extra_choices" jsonb NOT NULL, "choice_colors" jsonb NOT NULL, "order_alphabetically" boolean NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_10dad4e6ca89641ee37772b1fe7" UNIQUE ("name"), CONSTRAINT "PK_3eff102242ca899aee6240d85ff" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "choice_set_id" integer`);
        // 3.6 keeps a selection field's choices in a set of its own, as NetBox's migration made them: "<name> Choices", each value its own label.
        await queryRunner.query(`INSERT INTO "extras_customfieldchoiceset" ("name", "description", "base_choices", "extra_choices", "choice_colors", "order_alphabetically", "created", "last_updated") SELECT cf."name" || ' Choices', '', NULL, (SELECT jsonb_agg(jsonb_build_array(c."value", c."value") ORDER BY c."position") FROM jsonb_array_elements_text(cf."choices") WITH ORDINALITY AS c("value", "position")), '{}'::jsonb, false, cf."created", cf."last_updated" FROM "extras_customfield" cf WHERE cf."type" IN ('select', 'multiselect') AND jsonb_typeof(cf."choices") = 'array' AND jsonb_array_length(cf."choices") > 0 ORDER BY cf."id"`);
        await queryRunner.query(`UPDATE "extras_customfield" cf SET "choice_set_id" = s."id" FROM "extras_customfieldchoiceset" s WHERE s."name" = cf."name" || ' Choices'`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "choices"`);
        await queryRunner.query(`CREATE TABLE "extras_configcontextprofile" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "schema" jsonb, "comments" text NOT NULL, "data_source_id" integer, "data_path" character varying(1000) NOT NULL, "data_file_id" integer, "data_synced" TIMESTAMP WITH TIME ZONE, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_f9f4792c11a43597c9096976ed9" UNIQUE ("name"), CONSTRAINT "PK_1a53f7f381e823b054036802cd3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configcontextprofile_data_source_id" ON "extras_configcontextprofile" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configcontextprofile_data_file_id" ON "extras_configcontextprofile" ("data_file_id") `);
        await queryRunner.query(`CREATE TABLE "extras_bookmark" ("id" SERIAL NOT NULL, "object_type" text NOT NULL, "object_id" integer NOT NULL, "user_id" integer NOT NULL, "created" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c2aa08cfd9e13a25412f019a222" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_bookmark_user_id" ON "extras_bookmark" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_bookmark_unique_per_object_and_user" ON "extras_bookmark" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_bookmark_object_type_object_id" ON "extras_bookmark" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_bookmark_created_id" ON "extras_bookmark" ("created", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_bookmark_created" ON "extras_bookmark" ("created") `);
        await queryRunner.query(`CREATE TABLE "extras_tableconfig" ("id" SERIAL NOT NULL, "object_type" text NOT NULL, "table" character varying(100) NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "user_id" integer, "weight" integer NOT NULL, "enabled" boolean NOT NULL, "shared" boolean NOT NULL, "columns" jsonb NOT NULL, "ordering" jsonb, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_56496f80095cd820ddcd832631b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_tableconfig_user_id" ON "extras_tableconfig" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tableconfig_weight_name" ON "extras_tableconfig" ("weight", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tableconfig_weight" ON "extras_tableconfig" ("weight") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tableconfig_name" ON "extras_tableconfig" ("name") `);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD "profile_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_extras_customfield_choice_set_id" ON "extras_customfield" ("choice_set_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configcontext_profile_id" ON "extras_configcontext" ("profile_id") `);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD CONSTRAINT "FK_2d49222a2358aa32caa8903b657" FOREIGN KEY ("choice_set_id") REFERENCES "extras_customfieldchoiceset"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configcontextprofile" ADD CONSTRAINT "FK_2ff3fd238fb737870b9da9b7677" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configcontextprofile" ADD CONSTRAINT "FK_e0b73d712d2c31cb79c6ae1c2f8" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD CONSTRAINT "FK_72aa39fec4e9bf6ae281157f415" FOREIGN KEY ("profile_id") REFERENCES "extras_configcontextprofile"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_bookmark" ADD CONSTRAINT "FK_baffd7259ed60b81356bc2b2eb6" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_tableconfig" ADD CONSTRAINT "FK_2cd28c053807a6220273b135206" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_tableconfig" DROP CONSTRAINT "FK_2cd28c053807a6220273b135206"`);
        await queryRunner.query(`ALTER TABLE "extras_bookmark" DROP CONSTRAINT "FK_baffd7259ed60b81356bc2b2eb6"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP CONSTRAINT "FK_72aa39fec4e9bf6ae281157f415"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontextprofile" DROP CONSTRAINT "FK_e0b73d712d2c31cb79c6ae1c2f8"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontextprofile" DROP CONSTRAINT "FK_2ff3fd238fb737870b9da9b7677"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP CONSTRAINT "FK_2d49222a2358aa32caa8903b657"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configcontext_profile_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_customfield_choice_set_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP COLUMN "profile_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tableconfig_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tableconfig_weight"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tableconfig_weight_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tableconfig_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_tableconfig"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_bookmark_created"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_bookmark_created_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_bookmark_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "public"."extras_bookmark_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_bookmark_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_bookmark"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configcontextprofile_data_file_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configcontextprofile_data_source_id"`);
        await queryRunner.query(`DROP TABLE "extras_configcontextprofile"`);
        // 3.5's list of choices: the values of the field's set.
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "choices" jsonb`);
        await queryRunner.query(`UPDATE "extras_customfield" cf SET "choices" = (SELECT jsonb_agg(c.pair -> 0 ORDER BY c."position") FROM jsonb_array_elements(s."extra_choices") WITH ORDINALITY AS c(pair, "position")) FROM "extras_customfieldchoiceset" s WHERE s."id" = cf."choice_set_id"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "choice_set_id"`);
        await queryRunner.query(`DROP TABLE "extras_customfieldchoiceset"`);
    }

}
