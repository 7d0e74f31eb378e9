import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.1's rack types and 4.6's rack groups, and a rack's type and group. */
export class RackTypesGroups1795754997382 implements MigrationInterface {
    name = 'RackTypesGroups1795754997382'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_rackgroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_6de46330bb721fcd910db5d9f66" UNIQUE ("name"), CONSTRAINT "UQ_1affcb06aaea8e33a3c66695439" UNIQUE ("slug"), CONSTRAINT "PK_eebb1f5bfe44bc51cdc537c6b36" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "dcim_racktype" ("id" SERIAL NOT NULL, "manufacturer_id" integer NOT NULL, "model" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "form_factor" character varying(50), "width" integer NOT NULL, "u_height" integer NOT NULL, "starting_unit" integer NOT NULL, "desc_units" boolean NOT NULL, "outer_width" integer, "outer_height" integer, "outer_depth" integer, "outer_unit" character varying(50), "weight" numeric(8,2), "max_weight" integer, "weight_unit" character varying(50), "mounting_depth" integer, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_3d364117316d3dee5f1a7274402" UNIQUE ("slug"), CONSTRAINT "PK_e350f768094893defc6c645d3fc" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_racktype_manufacturer_id" ON "dcim_racktype" ("manufacturer_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_racktype_unique_manufacturer_model" ON "dcim_racktype" ("manufacturer_id", "model") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_racktype_unique_manufacturer_slug" ON "dcim_racktype" ("manufacturer_id", "slug") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_racktype_model" ON "dcim_racktype" ("model") `);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD "group_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD "rack_type_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_rack_group_id" ON "dcim_rack" ("group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_rack_rack_type_id" ON "dcim_rack" ("rack_type_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_racktype" ADD CONSTRAINT "FK_e3b7290f9f595580af3263bc01e" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD CONSTRAINT "FK_e9696f9ed8bd75bddde0ea60e19" FOREIGN KEY ("group_id") REFERENCES "dcim_rackgroup"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD CONSTRAINT "FK_d1dc0dc3e0a777da2da1aca686e" FOREIGN KEY ("rack_type_id") REFERENCES "dcim_racktype"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP CONSTRAINT "FK_d1dc0dc3e0a777da2da1aca686e"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP CONSTRAINT "FK_e9696f9ed8bd75bddde0ea60e19"`);
        await queryRunner.query(`ALTER TABLE "dcim_racktype" DROP CONSTRAINT "FK_e3b7290f9f595580af3263bc01e"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_rack_rack_type_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_rack_group_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP COLUMN "rack_type_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP COLUMN "group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_racktype_model"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_racktype_unique_manufacturer_slug"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_racktype_unique_manufacturer_model"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_racktype_manufacturer_id"`);
        await queryRunner.query(`DROP TABLE "dcim_racktype"`);
        await queryRunner.query(`DROP TABLE "dcim_rackgroup"`);
    }

}
