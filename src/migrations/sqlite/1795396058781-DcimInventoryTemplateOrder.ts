import { MigrationInterface, QueryRunner } from "typeorm";

export class DcimInventoryTemplateOrder1795396058781 implements MigrationInterface {
    name = 'DcimInventoryTemplateOrder1795396058781'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_dcim_inventoryitemtemplate_tree_sort"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "idx_dcim_inventoryitemtemplate_tree_sort" ON "dcim_inventoryitemtemplate" ("tree_sort") `);
    }

}
