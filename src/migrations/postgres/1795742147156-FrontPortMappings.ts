import { MigrationInterface, QueryRunner } from "typeorm";

export class FrontPortMappings1795742147156 implements MigrationInterface {
    name = 'FrontPortMappings1795742147156'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Existing front ports (and templates) have one position, as NetBox 4.5's migration gives them.
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ADD "positions" integer NOT NULL DEFAULT 1`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ADD "positions" integer NOT NULL DEFAULT 1`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ALTER COLUMN "positions" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ALTER COLUMN "positions" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" DROP CONSTRAINT "FK_5ec68af6728f19616f6d847f858"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_frontport_rear_port_id_rear_port_position"`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ALTER COLUMN "rear_port_id" DROP NOT NULL`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" DROP CONSTRAINT "FK_96c6edb0b167a624164f5ae8c0a"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_frontporttemplate_rear_port_id_rear_port_position"`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ALTER COLUMN "rear_port_id" DROP NOT NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_frontport_rear_port_id_rear_port_position" ON "dcim_frontport" ("rear_port_id", "rear_port_position") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_frontporttemplate_rear_port_id_rear_port_position" ON "dcim_frontporttemplate" ("rear_port_id", "rear_port_position") `);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ADD CONSTRAINT "FK_5ec68af6728f19616f6d847f858" FOREIGN KEY ("rear_port_id") REFERENCES "dcim_rearport"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ADD CONSTRAINT "FK_96c6edb0b167a624164f5ae8c0a" FOREIGN KEY ("rear_port_id") REFERENCES "dcim_rearporttemplate"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" DROP CONSTRAINT "FK_96c6edb0b167a624164f5ae8c0a"`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" DROP CONSTRAINT "FK_5ec68af6728f19616f6d847f858"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_frontporttemplate_rear_port_id_rear_port_position"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_frontport_rear_port_id_rear_port_position"`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ALTER COLUMN "rear_port_id" SET NOT NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_frontporttemplate_rear_port_id_rear_port_position" ON "dcim_frontporttemplate" ("rear_port_id", "rear_port_position") `);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" ADD CONSTRAINT "FK_96c6edb0b167a624164f5ae8c0a" FOREIGN KEY ("rear_port_id") REFERENCES "dcim_rearporttemplate"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ALTER COLUMN "rear_port_id" SET NOT NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_frontport_rear_port_id_rear_port_position" ON "dcim_frontport" ("rear_port_id", "rear_port_position") `);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" ADD CONSTRAINT "FK_5ec68af6728f19616f6d847f858" FOREIGN KEY ("rear_port_id") REFERENCES "dcim_rearport"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_frontporttemplate" DROP COLUMN "positions"`);
        await queryRunner.query(`ALTER TABLE "dcim_frontport" DROP COLUMN "positions"`);
    }

}
