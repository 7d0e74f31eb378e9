import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.2's MAC addresses: each interface's and VM interface's MAC becomes an object assigned to it, and its primary. */
export class MacAddresses1795740555339 implements MigrationInterface {
    name = 'MacAddresses1795740555339'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_macaddress" ("id" SERIAL NOT NULL, "mac_address" character varying(17) NOT NULL, "assigned_object_type" text, "assigned_object_id" bigint, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d947ca481297e947190cd89562d" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_macaddress_assigned_object_type_assigned_object_id" ON "dcim_macaddress" ("assigned_object_type", "assigned_object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_macaddress_mac_address" ON "dcim_macaddress" ("mac_address") `);
        for (const [table, type] of [['dcim_interface', 'dcim.interface'], ['virtualization_vminterface', 'virtualization.vminterface']]) {
            await queryRunner.query(`ALTER TABLE "${table}" ADD "primary_mac_address_id" integer`);
            // The MAC object dates from its interface, which held it.
            await queryRunner.query(`INSERT INTO "dcim_macaddress" ("mac_address", "assigned_object_type", "assigned_object_id", "description", "comments", "custom_field_data", "created", "last_updated") SELECT i."mac_address", '${type}', i."id", '', '', '{}', i."created", i."last_updated" FROM "${table}" i WHERE i."mac_address" IS NOT NULL AND i."mac_address" <> '' ORDER BY i."id"`);
            await queryRunner.query(`UPDATE "${table}" i SET "primary_mac_address_id" = m."id" FROM "dcim_macaddress" m WHERE m."assigned_object_type" = '${type}' AND m."assigned_object_id" = i."id"`);
            await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "mac_address"`);
        }
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "UQ_cf47d91653070705126dae2767c" UNIQUE ("primary_mac_address_id")`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "UQ_565b52f2232f7f9cd90c0267c23" UNIQUE ("primary_mac_address_id")`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_primary_mac_address_id" ON "dcim_interface" ("primary_mac_address_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_primary_mac_address_id" ON "virtualization_vminterface" ("primary_mac_address_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_cf47d91653070705126dae2767c" FOREIGN KEY ("primary_mac_address_id") REFERENCES "dcim_macaddress"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "FK_565b52f2232f7f9cd90c0267c23" FOREIGN KEY ("primary_mac_address_id") REFERENCES "dcim_macaddress"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP CONSTRAINT "FK_565b52f2232f7f9cd90c0267c23"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_cf47d91653070705126dae2767c"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_vminterface_primary_mac_address_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_primary_mac_address_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP CONSTRAINT "UQ_565b52f2232f7f9cd90c0267c23"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "UQ_cf47d91653070705126dae2767c"`);
        // An interface keeps its primary MAC address; the others are lost.
        for (const table of ['dcim_interface', 'virtualization_vminterface']) {
            await queryRunner.query(`ALTER TABLE "${table}" ADD "mac_address" character varying(17)`);
            await queryRunner.query(`UPDATE "${table}" i SET "mac_address" = m."mac_address" FROM "dcim_macaddress" m WHERE m."id" = i."primary_mac_address_id"`);
            await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "primary_mac_address_id"`);
        }
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_macaddress_mac_address"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_macaddress_assigned_object_type_assigned_object_id"`);
        await queryRunner.query(`DROP TABLE "dcim_macaddress"`);
    }

}
