import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing wireless models; existing rows get NetBox's defaults. */
export class NetBox4FieldsWireless1795742600498 implements MigrationInterface {
    name = 'NetBox4FieldsWireless1795742600498'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "wireless_wirelesslink_unique_interfaces"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_interface_b_id"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_interface_a_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_wireless_wirelesslink" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "interface_a_id" integer NOT NULL, "interface_b_id" integer NOT NULL, "ssid" varchar(32) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "auth_type" varchar(50) NOT NULL, "auth_cipher" varchar(50) NOT NULL, "auth_psk" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "distance" decimal(8,2), "distance_unit" varchar(50), CONSTRAINT "FK_82becc3c7e63b0ffc8bd293cf49" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6c8bc32a20d129310d67763e6b1" FOREIGN KEY ("interface_b_id") REFERENCES "dcim_interface" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_07a0d6521c4ffb2140fe907737a" FOREIGN KEY ("interface_a_id") REFERENCES "dcim_interface" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_wireless_wirelesslink"("id", "interface_a_id", "interface_b_id", "ssid", "status", "tenant_id", "auth_type", "auth_cipher", "auth_psk", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "interface_a_id", "interface_b_id", "ssid", "status", "tenant_id", "auth_type", "auth_cipher", "auth_psk", "description", "comments", "custom_field_data", "created", "last_updated" FROM "wireless_wirelesslink"`);
        await queryRunner.query(`DROP TABLE "wireless_wirelesslink"`);
        await queryRunner.query(`ALTER TABLE "temporary_wireless_wirelesslink" RENAME TO "wireless_wirelesslink"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "wireless_wirelesslink_unique_interfaces" ON "wireless_wirelesslink" ("interface_a_id", "interface_b_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_tenant_id" ON "wireless_wirelesslink" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_b_id" ON "wireless_wirelesslink" ("interface_b_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_a_id" ON "wireless_wirelesslink" ("interface_a_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_interface_a_id"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_interface_b_id"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslink_tenant_id"`);
        await queryRunner.query(`DROP INDEX "wireless_wirelesslink_unique_interfaces"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" RENAME TO "temporary_wireless_wirelesslink"`);
        await queryRunner.query(`CREATE TABLE "wireless_wirelesslink" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "interface_a_id" integer NOT NULL, "interface_b_id" integer NOT NULL, "ssid" varchar(32) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "auth_type" varchar(50) NOT NULL, "auth_cipher" varchar(50) NOT NULL, "auth_psk" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_82becc3c7e63b0ffc8bd293cf49" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6c8bc32a20d129310d67763e6b1" FOREIGN KEY ("interface_b_id") REFERENCES "dcim_interface" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_07a0d6521c4ffb2140fe907737a" FOREIGN KEY ("interface_a_id") REFERENCES "dcim_interface" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "wireless_wirelesslink"("id", "interface_a_id", "interface_b_id", "ssid", "status", "tenant_id", "auth_type", "auth_cipher", "auth_psk", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "interface_a_id", "interface_b_id", "ssid", "status", "tenant_id", "auth_type", "auth_cipher", "auth_psk", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_wireless_wirelesslink"`);
        await queryRunner.query(`DROP TABLE "temporary_wireless_wirelesslink"`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_a_id" ON "wireless_wirelesslink" ("interface_a_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_b_id" ON "wireless_wirelesslink" ("interface_b_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_tenant_id" ON "wireless_wirelesslink" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "wireless_wirelesslink_unique_interfaces" ON "wireless_wirelesslink" ("interface_a_id", "interface_b_id") `);
    }

}
