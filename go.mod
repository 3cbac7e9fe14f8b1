module github.com/millebornes/mille

go 1.26
