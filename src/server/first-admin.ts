/** The one message that shows a newly created first administrator (start-up and restore). */
export interface CreatedAdmin {
  username: string;
  password: string;
  /** true: the password was generated and is shown now, once; false: it came from ADMIN_USERNAME/ADMIN_PASSWORD. */
  generated: boolean;
}

export function announceFirstAdmin(admin: CreatedAdmin): void {
  if (admin.generated) {
    // Printed once, on the run that created the account; it is stored only as a hash.
    console.log(
      `\n  Account amministratore creato.\n  Username: ${admin.username}\n  Password: ${admin.password}\n` +
        '  Conservala ora: non verrà mostrata di nuovo (puoi cambiarla da /admin/change-password).\n',
    );
  } else {
    console.log(`[auth] account amministratore "${admin.username}" creato da ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
}
