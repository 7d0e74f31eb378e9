import { MigrationInterface, QueryRunner } from "typeorm";

export class DataSources1795639081123 implements MigrationInterface {
    name = 'DataSources1795639081123'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_datasource" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "type" character varying(50) NOT NULL, "source_url" character varying(200) NOT NULL, "enabled" boolean NOT NULL, "status" character varying(50) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "parameters" jsonb, "ignore_rules" text NOT NULL, "last_synced" TIMESTAMP WITH TIME ZONE, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_880a854f6e18d04bbecb4ddda2c" UNIQUE ("name"), CONSTRAINT "PK_34f94a36597a777a43dcde8f612" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "core_datafile" ("id" SERIAL NOT NULL, "source_id" integer NOT NULL, "path" character varying(1000) NOT NULL, "last_updated" TIMESTAMP WITH TIME ZONE NOT NULL, "size" integer NOT NULL, "hash" character varying(64) NOT NULL, "data" bytea NOT NULL, "created" date, CONSTRAINT "PK_f62729d789362f00e84051643ff" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_core_datafile_source_id" ON "core_datafile" ("source_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_core_datafile_source_id_path" ON "core_datafile" ("source_id", "path") `);
        await queryRunner.query(`CREATE INDEX "idx_core_datafile_path" ON "core_datafile" ("path") `);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "data_source_id" integer`);
        // Rows already there take the empty path, as NetBox's column default gives them.
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "data_path" character varying(1000) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ALTER COLUMN "data_path" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "data_file_id" integer`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "data_synced" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD "data_source_id" integer`);
        // Rows already there take the empty path, as NetBox's column default gives them.
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD "data_path" character varying(1000) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ALTER COLUMN "data_path" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD "data_file_id" integer`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD "data_synced" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "data_source_id" integer`);
        // Rows already there take the empty path, as NetBox's column default gives them.
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "data_path" character varying(1000) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "data_path" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "data_file_id" integer`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "data_synced" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_source_id" ON "extras_exporttemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_file_id" ON "extras_exporttemplate" ("data_file_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configcontext_data_source_id" ON "extras_configcontext" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configcontext_data_file_id" ON "extras_configcontext" ("data_file_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_source_id" ON "extras_configtemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_file_id" ON "extras_configtemplate" ("data_file_id") `);
        await queryRunner.query(`ALTER TABLE "core_datafile" ADD CONSTRAINT "FK_d50ccf28126c25034375e9480e9" FOREIGN KEY ("source_id") REFERENCES "core_datasource"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD CONSTRAINT "FK_a92b2063bcfb797d7f511441f39" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD CONSTRAINT "FK_7f6d0cd5d92f7110a586c054ddb" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD CONSTRAINT "FK_c19030233105b915819b221fc21" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" ADD CONSTRAINT "FK_c2ce097c271a8eff7778a2748d3" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP CONSTRAINT "FK_c2ce097c271a8eff7778a2748d3"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP CONSTRAINT "FK_c19030233105b915819b221fc21"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP CONSTRAINT "FK_7f6d0cd5d92f7110a586c054ddb"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP CONSTRAINT "FK_a92b2063bcfb797d7f511441f39"`);
        await queryRunner.query(`ALTER TABLE "core_datafile" DROP CONSTRAINT "FK_d50ccf28126c25034375e9480e9"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configtemplate_data_file_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configtemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configcontext_data_file_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configcontext_data_source_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_exporttemplate_data_file_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_exporttemplate_data_source_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "data_synced"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "data_file_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "data_path"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "data_source_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP COLUMN "data_synced"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP COLUMN "data_file_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP COLUMN "data_path"`);
        await queryRunner.query(`ALTER TABLE "extras_configcontext" DROP COLUMN "data_source_id"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "data_synced"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "data_file_id"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "data_path"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "data_source_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_datafile_path"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_core_datafile_source_id_path"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_datafile_source_id"`);
        await queryRunner.query(`DROP TABLE "core_datafile"`);
        await queryRunner.query(`DROP TABLE "core_datasource"`);
    }

}
