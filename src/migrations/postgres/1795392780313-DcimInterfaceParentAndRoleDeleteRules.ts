import { MigrationInterface, QueryRunner } from "typeorm";

export class DcimInterfaceParentAndRoleDeleteRules1795392780313 implements MigrationInterface {
    name = 'DcimInterfaceParentAndRoleDeleteRules1795392780313'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_4d9e68ac333b0be510d20481a65"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" DROP CONSTRAINT "FK_d7887bf9ab7114ccdf2436d952a"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemtemplate" DROP CONSTRAINT "FK_c6594091e054fa8040b18079c67"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_4d9e68ac333b0be510d20481a65" FOREIGN KEY ("parent_id") REFERENCES "dcim_interface"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "FK_d7887bf9ab7114ccdf2436d952a" FOREIGN KEY ("role_id") REFERENCES "dcim_inventoryitemrole"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "FK_c6594091e054fa8040b18079c67" FOREIGN KEY ("role_id") REFERENCES "dcim_inventoryitemrole"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemtemplate" DROP CONSTRAINT "FK_c6594091e054fa8040b18079c67"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" DROP CONSTRAINT "FK_d7887bf9ab7114ccdf2436d952a"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_4d9e68ac333b0be510d20481a65"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "FK_c6594091e054fa8040b18079c67" FOREIGN KEY ("role_id") REFERENCES "dcim_inventoryitemrole"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "FK_d7887bf9ab7114ccdf2436d952a" FOREIGN KEY ("role_id") REFERENCES "dcim_inventoryitemrole"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_4d9e68ac333b0be510d20481a65" FOREIGN KEY ("parent_id") REFERENCES "dcim_interface"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

}
