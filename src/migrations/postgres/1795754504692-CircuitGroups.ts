import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.1's circuit groups and 4.2's assignments of circuits (and virtual circuits) to them. */
export class CircuitGroups1795754504692 implements MigrationInterface {
    name = 'CircuitGroups1795754504692'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "circuits_circuitgroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "tenant_id" integer, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_7ea158367d8a275a92241bf775b" UNIQUE ("name"), CONSTRAINT "UQ_1114f14e6a8d7c7d74e8c505b2a" UNIQUE ("slug"), CONSTRAINT "PK_b216bf34214283b73769a57df02" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroup_tenant_id" ON "circuits_circuitgroup" ("tenant_id") `);
        await queryRunner.query(`CREATE TABLE "circuits_circuitgroupassignment" ("id" SERIAL NOT NULL, "member_type" text NOT NULL, "member_id" bigint NOT NULL, "group_id" integer NOT NULL, "priority" character varying(50), "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_53800293d3488dff3b1e5e5f811" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroupassignment_group_id" ON "circuits_circuitgroupassignment" ("group_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuitgroupassignment_unique_member_group" ON "circuits_circuitgroupassignment" ("member_type", "member_id", "group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroupassignment_group_id_member_ty_b066b0aa" ON "circuits_circuitgroupassignment" ("group_id", "member_type", "member_id", "priority", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroupassignment_member_type" ON "circuits_circuitgroupassignment" ("member_type") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroupassignment_member_id" ON "circuits_circuitgroupassignment" ("member_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuitgroupassignment_priority" ON "circuits_circuitgroupassignment" ("priority") `);
        await queryRunner.query(`ALTER TABLE "circuits_circuitgroup" ADD CONSTRAINT "FK_3407df343b1b2ff7342f6e8a39d" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "circuits_circuitgroupassignment" ADD CONSTRAINT "FK_3073adcdec0e675a90603b9c80a" FOREIGN KEY ("group_id") REFERENCES "circuits_circuitgroup"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "circuits_circuitgroupassignment" DROP CONSTRAINT "FK_3073adcdec0e675a90603b9c80a"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuitgroup" DROP CONSTRAINT "FK_3407df343b1b2ff7342f6e8a39d"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroupassignment_priority"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroupassignment_member_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroupassignment_member_type"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroupassignment_group_id_member_ty_b066b0aa"`);
        await queryRunner.query(`DROP INDEX "public"."circuits_circuitgroupassignment_unique_member_group"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroupassignment_group_id"`);
        await queryRunner.query(`DROP TABLE "circuits_circuitgroupassignment"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuitgroup_tenant_id"`);
        await queryRunner.query(`DROP TABLE "circuits_circuitgroup"`);
    }

}
