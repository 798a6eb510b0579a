import ElementShellKit
print(L10n.commonAppDescription)
